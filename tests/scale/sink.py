"""The load host's SMTP sink: aiosmtpd keeping every message it accepts as one
file in a folder (named by the sending host's address), after a pause per message read from a file beside it (so a
test can slow it down to cut a worker's link in the middle of a batch).

    python -m tests.scale.sink ADDRESS PORT FOLDER"""

import asyncio
import sys
import uuid
from pathlib import Path

from aiosmtpd.controller import Controller


class Keep:
    def __init__(self, folder: Path):
        self.folder = folder
        self.pause_file = folder.parent / "sink-pause"

    async def handle_DATA(self, server, session, envelope):
        pause = float(self.pause_file.read_text()) if self.pause_file.exists() else 0.0
        await asyncio.sleep(pause)
        name = self.folder / f"{session.peer[0]}-{uuid.uuid4().hex}.eml"  # which host sent it
        name.with_suffix(".tmp").write_bytes(envelope.original_content)
        name.with_suffix(".tmp").rename(name)  # whole, or not at all
        return "250 kept"


def main() -> None:
    address, port, folder = sys.argv[1], int(sys.argv[2]), Path(sys.argv[3])
    folder.mkdir(parents=True, exist_ok=True)
    controller = Controller(Keep(folder), hostname=address, port=port)
    controller.start()
    print(f"sink listening on {address}:{port}", flush=True)
    try:
        asyncio.run(asyncio.Event().wait())
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
