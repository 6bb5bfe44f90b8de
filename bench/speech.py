"""What a spoken verdict costs: rendering a line never said before, against saying a cached one.

    .venv/bin/python bench/speech.py                 # espeak-ng, and festival if installed
    .venv/bin/python bench/speech.py --rounds 3 --device null

For each line of a small set of real verdicts (names, fractions, decimals, percents), each engine:
- render: the line rendered into an empty cache (a cache miss: what a new name or number costs);
- cached: ``Voice.say`` of the same line from the cache, up to ``aplay`` started on ``--device``
  (ALSA's ``null`` device needs no sound card: the figure is the station's own part of the
  latency, without the card's buffer);
- first sample: seconds from the clip's start to its first audible sample (leading silence);
- with sox (``sox FILE -n stat``): each engine's mean line length and RMS level.
Reported as medians and the ratio render / cached: the cache is what makes a verdict immediate.
The time from a verdict to its first audible sample is cached + first sample + the card's buffer
(aplay's default is about 0.1 s; docs/sound.md).
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from station.hardware.audio import open_audio
from station.speech.tts import ENGINES, Speech, SpeechSettings, first_sound
from station.speech.voice import Line, Voice

LINES = [
    "Three fifths is less than three quarters. Out of order.",
    "Ana wins the hand, with nineteen.",
    "Ben, that card is from another deck. Take it back.",
    "Zero point one six repeating. Thirty-three and a third percent.",
    "Thirty seconds left.",
    "Cleo wins the game!",
]


def sox_stat(path: Path) -> dict[str, float]:
    done = subprocess.run(["sox", str(path), "-n", "stat"], capture_output=True, text=True, check=False)
    wanted = {"Length (seconds)": "seconds", "RMS     amplitude": "rms", "Maximum amplitude": "peak"}
    found = {}
    for line in done.stderr.splitlines():
        name, _, value = line.partition(":")
        if name.strip() in wanted or name in wanted:
            found[wanted.get(name.strip(), wanted.get(name, name))] = float(value)
    return found


def bench(engine: str, rounds: int, device: str) -> dict[str, object]:
    renders, cached, leads, stats = [], [], [], []
    for _ in range(rounds):
        with tempfile.TemporaryDirectory() as scratch:
            speech = Speech(SpeechSettings(engine=engine), Path(scratch))
            voice = Voice(open_audio("alsa", device=device), speech)
            for text in LINES:
                start = time.perf_counter()
                clip = speech.clip(text)
                renders.append(time.perf_counter() - start)
                leads.append(first_sound(clip))
                if shutil.which("sox"):
                    stats.append(sox_stat(speech.path(text)))
            for text in LINES:
                start = time.perf_counter()
                voice.say([Line(text, "wrong")])
                cached.append(time.perf_counter() - start)
                voice.audio.wait()  # type: ignore[attr-defined]
            voice.close()
    render, play = statistics.median(renders), statistics.median(cached)
    result: dict[str, object] = {"engine": engine, "lines": len(LINES), "rounds": rounds,
                                 "render_s": round(render, 4), "cached_say_s": round(play, 4),
                                 "render_over_cached": round(render / play, 1),
                                 "first_sample_s": round(statistics.median(leads), 4)}
    if stats:
        result["mean_line_s"] = round(statistics.mean(s["seconds"] for s in stats), 2)
        result["rms"] = round(statistics.mean(s["rms"] for s in stats), 3)
        result["peak"] = round(statistics.mean(s["peak"] for s in stats), 3)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--device", default="null", help="the ALSA device aplay plays to (default: null, no card)")
    parser.add_argument("--engine", choices=ENGINES, action="append", help="default: every engine installed")
    args = parser.parse_args()
    for engine in args.engine or ENGINES:
        try:
            print(json.dumps(bench(engine, args.rounds, args.device)))
        except Exception as exc:  # noqa: BLE001 - an engine not installed: say so, bench the others
            print(json.dumps({"engine": engine, "error": str(exc)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
