"""The embedded broker (no REDIS_URL): kombu's file-system transport, except
that a message appears in the queue folder only once it is written whole.

Kombu creates the message file under its final name and writes it after; a
worker polling in between takes the empty file, cannot decode it, and the
message is lost (with `make run`, the worker may stop and honcho with it)."""

import os
import uuid
from time import monotonic

from kombu.exceptions import ChannelError
from kombu.transport import filesystem
from kombu.utils.encoding import str_to_bytes
from kombu.utils.json import dumps


class Channel(filesystem.Channel):
    def _put(self, queue, payload, **kwargs):
        # Kombu's file name, which its consumer sorts by and matches on ("*.QUEUE.msg").
        name = f"{round(monotonic() * 1000)}_{uuid.uuid4()}.{queue}.msg"
        final = os.path.join(self.data_folder_out, name)
        staged = os.path.join(self.data_folder_out, f".{name}.tmp")  # matches no queue
        try:
            with open(staged, "wb") as file:
                file.write(str_to_bytes(dumps(payload)))
            os.replace(staged, final)  # atomic: the consumer sees all of it or nothing
        except OSError as exc:
            raise ChannelError(f"Cannot add file {final!r} to directory") from exc


class Transport(filesystem.Transport):
    Channel = Channel
    # Folders, not a host: without this, kombu warns "No hostname was supplied" on every
    # connection, into the output of `receive_email` (which the MTA logs and bounces with).
    default_connection_params = {}
