"""python -m games.engine replay FILE|-

Prints the replay as JSON. Exit status: 0 valid, 1 an illegal move (after
printing), 2 a malformed document or unreadable input (one line on standard
error, nothing on standard output). Never a traceback: records come from
anywhere."""

import argparse
import json
import os
import sys

from games.engine.record import MAX_BYTES, RecordError, record_parse, replay, replay_summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.engine", description="Sequence rules engine")
    commands = parser.add_subparsers(dest="command", required=True)
    replay_cmd = commands.add_parser("replay", help="replay a sequence-record/1 document and print the outcome")
    replay_cmd.add_argument("file", help="the record, or - for standard input")
    args = parser.parse_args(argv)

    try:
        data = _read(args.file)
    except OSError as exc:
        return _refuse(f"cannot read {args.file}: {exc.strerror or exc}")
    try:
        result = replay(record_parse(data))  # replaying finds a missing or wrong reshuffle
    except RecordError as exc:
        return _refuse(f"malformed record: {exc}")
    # Built whole before a byte is written, so that the output is all or nothing.
    output = json.dumps(replay_summary(result), indent=1, ensure_ascii=False) + "\n"
    try:
        _write(output)
    except BrokenPipeError:  # the reader (e.g. `head`) stopped early: not an error of the record
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0 if result.error is None else 1


def _read(source: str) -> bytes:
    """One byte more than a record may hold, at most: /dev/zero ends too."""
    if source != "-":
        with open(source, "rb") as handle:
            return handle.read(MAX_BYTES + 1)
    stream = getattr(sys.stdin, "buffer", sys.stdin)  # a caller may have put a text stream there
    data = stream.read(MAX_BYTES + 1)
    return data if isinstance(data, bytes) else data.encode("utf-8", "surrogatepass")


def _write(output: str) -> None:
    """UTF-8 whatever the locale says (JSON is UTF-8), unless stdout is a text stream put there by a caller."""
    stream = getattr(sys.stdout, "buffer", None)
    if stream is None:
        sys.stdout.write(output)
        return
    stream.write(output.encode("utf-8"))
    stream.flush()


def _refuse(message: str) -> int:
    print(" ".join(message.splitlines()), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
