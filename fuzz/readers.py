"""atheris over every game's log reader and replay (issue 11, "The log parsers fuzzed").

Each input is read as a document of whatever game it names — or, to reach deep into a reader
quickly, as one of the four good samples with the fuzzer's bytes spliced in. The only answer
allowed besides a report is MalformedDocument with its path; anything else is a crash that
libFuzzer reports with the input that caused it.

    python -m fuzz.readers -runs=20000          # from the project root
    python -m fuzz.readers corpus/ -max_total_time=600
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import atheris

with atheris.instrument_imports():
    from rules import bridge, registry
    from rules.errors import MalformedDocument

DATA = Path(__file__).resolve().parents[1] / "tests" / "data"
SAMPLES = [
    (DATA / "spec-examples" / "ohhell" / "renege-and-redeal.json").read_bytes(),
    json.dumps(bridge.read_file((DATA / "pbn" / "revoke.pbn").read_bytes())).encode(),
    (DATA / "preferans" / "sochi-pulka.json").read_bytes(),
    (DATA / "durak" / "throw-in.json").read_bytes(),
]


def one_input(data: bytes) -> None:
    provider = atheris.FuzzedDataProvider(data)
    if provider.ConsumeBool():
        raw = provider.ConsumeBytes(provider.remaining_bytes())
    else:
        sample = SAMPLES[provider.ConsumeIntInRange(0, len(SAMPLES) - 1)]
        at = provider.ConsumeIntInRange(0, len(sample))
        cut = provider.ConsumeIntInRange(0, 16)
        raw = sample[:at] + provider.ConsumeBytes(provider.remaining_bytes()) + sample[at + cut :]
    try:
        reading = registry.read(raw)
    except MalformedDocument as exc:
        if not isinstance(exc.path, str) or not exc.message:
            raise AssertionError(f"a MalformedDocument without its path or message: {exc!r}") from None
        return
    report = reading.rules.replay(reading.log).as_dict()
    json.dumps(report, allow_nan=False)


def main() -> None:
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
