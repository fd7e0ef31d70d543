"""python -m games.engine replay FILE|-

Prints the replay as JSON. Exit status: 0 valid, 1 an illegal move (after
printing), 2 a malformed document (one line on standard error)."""

import argparse
import json
import os
import sys

from games.engine.record import RecordError, record_load, replay, replay_summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.engine", description="Sequence rules engine")
    commands = parser.add_subparsers(dest="command", required=True)
    replay_cmd = commands.add_parser("replay", help="replay a sequence-record/1 document and print the outcome")
    replay_cmd.add_argument("file", help="the record, or - for standard input")
    args = parser.parse_args(argv)

    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as handle:
                text = handle.read()
    except OSError as exc:
        print(f"cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    try:
        record = record_load(json.loads(text))
    except (ValueError, RecordError) as exc:
        message = f"not valid JSON: {exc}" if isinstance(exc, json.JSONDecodeError) else str(exc)
        print(f"malformed record: {message}".replace("\n", " "), file=sys.stderr)
        return 2
    result = replay(record)
    try:
        json.dump(replay_summary(result), sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
        sys.stdout.flush()
    except BrokenPipeError:  # the reader (e.g. `head`) stopped early: not an error of the record
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0 if result.error is None else 1


if __name__ == "__main__":
    sys.exit(main())
