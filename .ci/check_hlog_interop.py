#!/usr/bin/env python3
"""Check that a bench run's HdrHistogram interval log reads back, in Python, to its time series.

Usage: check_hlog_interop.py RUN_DIR

RUN_DIR holds `report.json` and `latency.hlog`, as `bench load` and `bench run` write them. The log
is read with the `hdrhistogram` package's own `HistogramLogReader` (import `hdrh`): every line, with
its tag. For every load scenario of the report and each of its histograms (`corrected`, and
`uncorrected` in an open loop; `<scenario>:corrected` when the run has several load scenarios), the
log must hold one histogram per interval whose count, min, max, p50, p99 and p99.9 equal the
interval's summary in report.json, whose start and length match the interval's, and which, merged,
equal the whole run's `latency` (or `uncorrectedLatency`) summary. Each request of a mix and each
step of a journey with a time series is checked the same way, under `<name>:corrected`. A scenario
whose transport timed connection phases must have one `phase-<name>` histogram per phase
(`phase-dns`, `phase-tls`, …) that equals the phase's summary in report.json.

Exit status: 0 all passed, 1 any mismatch, 2 usage or input errors.
"""
import json
import pathlib
import re
import sys

try:
    from hdrh.histogram import HdrHistogram
    from hdrh.log import HistogramLogReader
except ImportError:  # pragma: no cover - environment problem, not a mismatch
    print("error: the 'hdrhistogram' package is required (pip install hdrhistogram)", file=sys.stderr)
    sys.exit(2)

TIME_TOLERANCE = 0.0015  # the log keeps milliseconds
PHASE_TAGS = {"nameLookup": "dns", "connect": "connect", "tlsHandshake": "tls", "timeToFirstByte": "ttfb", "transfer": "transfer"}


def figures(histogram):
    return {
        "count": histogram.get_total_count(),
        "min": histogram.get_min_value(),
        "max": histogram.get_max_value(),
        "p50": histogram.get_value_at_percentile(50.0),
        "p99": histogram.get_value_at_percentile(99.0),
        "p999": histogram.get_value_at_percentile(99.9),
    }


def compare(label, summary, histogram, problems):
    theirs = figures(histogram)
    for key, value in theirs.items():
        if summary[key] != value:
            problems.append(f"{label}: {key} report={summary[key]} python={value}")


def read_log(path):
    """Every histogram of the log, by tag, in order, with its start offset in seconds."""
    reader = HistogramLogReader(str(path), HdrHistogram(1, 60_000_000_000, 3))
    by_tag = {}
    while True:
        histogram = reader.get_next_interval_histogram()
        if histogram is None:
            break
        start = histogram.get_start_time_stamp() / 1000.0 - reader.get_start_time_sec()
        length = (histogram.get_end_time_stamp() - histogram.get_start_time_stamp()) / 1000.0
        by_tag.setdefault(histogram.get_tag(), []).append((start, length, histogram))
    reader.close()
    return by_tag


def tag(name):
    """A name as bench writes it into a tag: commas and white space become underscores."""
    return re.sub(r"[,\s]", "_", name)


def check_series(label, prefix, series, whole, offset, by_tag, problems):
    """Checks the log's histograms tagged `prefix` + kind against `series` and `whole`'s latency;
    returns how many kinds it checked."""
    checked = 0
    for kind, key in (("corrected", "latency"), ("uncorrected", "uncorrectedLatency")):
        intervals = [i for i in series["intervals"] if i.get(key)]
        if not intervals or not whole.get(key):
            continue
        logged = by_tag.get(prefix + kind, [])
        where = f"{label} {kind}"
        if len(logged) != len(intervals):
            problems.append(f"{where}: {len(logged)} histograms in the log, {len(intervals)} intervals in the report")
            continue
        merged = HdrHistogram(1, 60_000_000_000, 3)
        for index, (interval, (start, length, histogram)) in enumerate(zip(intervals, logged)):
            compare(f"{where} interval {index}", interval[key]["summary"], histogram, problems)
            if histogram.get_total_count() != interval["outcomes"]["sent"]:
                problems.append(f"{where} interval {index}: {histogram.get_total_count()} values, {interval['outcomes']['sent']} requests sent")
            if abs(start - (offset + interval["startSeconds"])) > TIME_TOLERANCE or abs(length - interval["durationSeconds"]) > TIME_TOLERANCE:
                problems.append(f"{where} interval {index}: logged at {start:.3f}+{length:.3f} s, reported at {offset + interval['startSeconds']:.3f}+{interval['durationSeconds']:.3f} s")
            merged.add(histogram)
        compare(f"{where} merged", whole[key]["summary"], merged, problems)
        checked += 1
        print(f"ok   {prefix + kind}: {len(logged)} intervals, {merged.get_total_count()} values, p99 {merged.get_value_at_percentile(99.0)} ns")
    return checked


def main(argv):
    if len(argv) != 2:
        print(f"usage: {argv[0]} RUN_DIR", file=sys.stderr)
        return 2
    run = pathlib.Path(argv[1])
    try:
        report = json.loads((run / "report.json").read_text())
        by_tag = read_log(run / "latency.hlog")
    except (OSError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    scenarios = [s for s in report["scenarios"] if s.get("timeSeries")]
    if not scenarios:
        print("error: the report has no time series", file=sys.stderr)
        return 2
    base = min(s["timeSeries"]["startUnixMicroseconds"] for s in scenarios) / 1e6
    problems = []
    checked = 0
    for scenario in scenarios:
        series = scenario["timeSeries"]
        offset = series["startUnixMicroseconds"] / 1e6 - base
        prefix = "" if len(scenarios) == 1 else tag(scenario["name"]) + ":"
        checked += check_series(scenario["name"], prefix, series, scenario, offset, by_tag, problems)
        for request in scenario.get("requests") or []:
            if request.get("timeSeries"):
                checked += check_series(
                    f"{scenario['name']} {request['name']}", prefix + tag(request["name"]) + ":", request["timeSeries"], request, offset,
                    by_tag, problems)
        phases = (scenario.get("connections") or {}).get("phases") or {}
        for name, latency in phases.items():
            if not latency:
                continue
            phase_tag = prefix + "phase-" + PHASE_TAGS[name]
            logged = by_tag.get(phase_tag, [])
            if len(logged) != 1:
                problems.append(f"{scenario['name']} {name}: {len(logged)} histograms tagged {phase_tag}, not 1")
                continue
            compare(f"{scenario['name']} {name}", latency["summary"], logged[0][2], problems)
            checked += 1
            print(f"ok   {phase_tag}: {logged[0][2].get_total_count()} values, p99 {logged[0][2].get_value_at_percentile(99.0)} ns")
    for problem in problems:
        print(f"FAIL {problem}")
    print(f"{checked} series checked, {len(problems)} problems")
    return 1 if problems or not checked else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
