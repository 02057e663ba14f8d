#!/usr/bin/env python3
"""Check that histograms encoded by Courier's Swift `Histogram` decode identically in Python.

Usage: check_hdr_interop.py FILE.json

FILE.json is either a bench report (`report.json`: every scenario's `latency` and
`uncorrectedLatency` is checked) or {"histograms": [{"name", "encoded", "count", "min", "max",
"p50", "p99", "p999", optional "mean", "stdev"}]}, as the Swift tests write it.

Each `encoded` string is decoded with the `hdrhistogram` package (import `hdrh`) and its
total count, min, max and the 50/99/99.9 percentiles must equal the Swift values exactly.
Both sides report bucket-rounded values (lowest/highest equivalent value), so exact equality
is the right test; when a value differs but lies in the same bucket, the output says so to
separate rounding-rule bugs from layout bugs. Optional mean/stdev are compared with a relative
tolerance of 1e-9 since they are floating point.

Exit status: 0 all passed, 1 any mismatch or decode failure, 2 usage / input errors.
"""
import json
import math
import sys

try:
    from hdrh.histogram import HdrHistogram
except ImportError:  # pragma: no cover - environment problem, not a mismatch
    print("error: the 'hdrhistogram' package is required (pip install hdrhistogram)", file=sys.stderr)
    sys.exit(2)

REQUIRED_FIELDS = ("name", "encoded", "count", "min", "max", "p50", "p99", "p999")
FLOAT_TOLERANCE = 1e-9


def load(path):
    try:
        with open(path, encoding="utf-8") as handle:
            document = json.load(handle)
    except (OSError, ValueError) as error:
        print(f"error: cannot read {path}: {error}", file=sys.stderr)
        sys.exit(2)
    if isinstance(document, dict) and isinstance(document.get("scenarios"), list):
        document = {"histograms": histograms_of_report(document)}
    entries = document.get("histograms") if isinstance(document, dict) else None
    if not isinstance(entries, list):
        print("error: expected a JSON object with a 'histograms' list", file=sys.stderr)
        sys.exit(2)
    for position, entry in enumerate(entries):
        missing = [field for field in REQUIRED_FIELDS if not isinstance(entry, dict) or field not in entry]
        if missing:
            print(f"error: histogram #{position} lacks fields {missing}", file=sys.stderr)
            sys.exit(2)
    return entries


def histograms_of_report(report):
    """The latency histograms of a bench report, with the summaries the bench computed."""
    entries = []
    for scenario in report["scenarios"]:
        for key in ("latency", "uncorrectedLatency"):
            latency = scenario.get(key)
            if latency:
                entries.append(dict(latency["summary"], name=f"{scenario['name']} {key}", encoded=latency["histogram"]))
    return entries


def describe_difference(histogram, ours, theirs):
    if histogram.values_are_equivalent(ours, theirs):
        return f"ours={ours} python={theirs} (same bucket, rounding rule differs)"
    return f"ours={ours} python={theirs}"


def check(entry):
    """Return a list of problems (empty when the entry matches)."""
    try:
        histogram = HdrHistogram.decode(entry["encoded"])
    except Exception as error:  # hdrh raises several unrelated exception types
        return [f"decode failed: {type(error).__name__}: {error}"]

    problems = []
    if histogram.get_total_count() != entry["count"]:
        problems.append(f"count ours={entry['count']} python={histogram.get_total_count()}")

    integer_checks = (
        ("min", histogram.get_min_value()),
        ("max", histogram.get_max_value()),
        ("p50", histogram.get_value_at_percentile(50.0)),
        ("p99", histogram.get_value_at_percentile(99.0)),
        ("p99.9", histogram.get_value_at_percentile(99.9)),
    )
    keys = {"p99.9": "p999"}
    for label, theirs in integer_checks:
        ours = entry[keys.get(label, label)]
        if ours != theirs:
            problems.append(f"{label} " + describe_difference(histogram, ours, theirs))

    float_checks = (("mean", histogram.get_mean_value), ("stdev", histogram.get_stddev))
    for label, compute in float_checks:
        if label in entry:
            ours, theirs = float(entry[label]), float(compute())
            if not math.isclose(ours, theirs, rel_tol=FLOAT_TOLERANCE, abs_tol=FLOAT_TOLERANCE):
                problems.append(f"{label} ours={ours!r} python={theirs!r}")
    return problems


def main(argv):
    if len(argv) != 2:
        print(f"usage: {argv[0]} FILE.json", file=sys.stderr)
        return 2
    entries = load(argv[1])
    passed = failed = 0
    for entry in entries:
        problems = check(entry)
        summary = (f"count={entry['count']} min={entry['min']} max={entry['max']} "
                   f"p50={entry['p50']} p99={entry['p99']} p99.9={entry['p999']}")
        if problems:
            failed += 1
            print(f"FAIL {entry['name']}: " + "; ".join(problems))
        else:
            passed += 1
            print(f"ok   {entry['name']}: {summary}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
