#!/usr/bin/env python3
"""Opens bench's report.html pages in a real browser (Debian's chromium, headless, driven by
playwright) and checks what a person would see:

- the page loads from file:// with no console error and no page error (a Content-Security-Policy
  violation is one), has no script element, and no request leaves it (every request but the page's
  own file is recorded, and refused unless it is a file);
- every figure has a caption, a table, and at least one chart with a size on screen, labelled axes,
  at least two tick labels, and drawn marks whose paths are not empty (or says it has no data);
- the tables hold the figures of report.json: each load scenario's latency percentiles, request
  counts and intervals over time, each micro-benchmark's times and allocations, each compared
  metric's values and verdict; and of capacity.json: each step's rates, p99 and status, with the
  maximum sustainable rate and the knee marked on the charts;
- the trends of a history (`bench history report`, or a run's page with `run --history`): each
  scenario's series run by run as `history export --format json` holds it, with its commits, and a
  labelled rule for each change point the table lists;
- a full-page PNG screenshot of each page, for a person to look at.

Usage: check_html_report.py --screenshots DIR PAGE[=JSON[,JSON...]]...
A PAGE's JSON files are the reports it shows (report.json or capacity.json), a comparison.json it
shows, and the history.json export of the history it charts; by default those beside it.
"""
import argparse
import json
import pathlib
import re
import sys
import time

from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/lib/chromium/chromium"

# Reads every figure and table of the page into plain data. Run through the DevTools protocol, which
# the page's CSP does not govern; the page itself runs no script.
EXTRACT = """
() => {
  const cells = (row) => [...row.children].map(c => ({
    text: c.textContent.trim(), value: c.dataset.value === undefined ? null : Number(c.dataset.value), cls: c.className }));
  const table = (t) => {
    const columns = [...t.querySelectorAll('thead th')].map(th => th.textContent.trim());
    const rows = [...t.querySelectorAll('tbody tr')].map(r => {
      const row = {}; cells(r).forEach((c, i) => row[columns[i]] = c); return row; });
    return {caption: t.querySelector('caption')?.textContent.trim() ?? '', columns, rows};
  };
  const chart = (svg) => {
    const box = svg.getBoundingClientRect();
    const marks = [...svg.querySelectorAll('path.series, path.marker, path.box, path.bar, path.whisker, path.median')]
      .filter(p => !p.closest('.legend'))
      .map(p => { const b = p.getBBox(); return {d: p.getAttribute('d') || '', w: b.width, h: b.height}; });
    return {
      width: box.width, height: box.height, labelledBy: svg.getAttribute('aria-labelledby'),
      axisLabels: [...svg.querySelectorAll('text.axis-label')].map(t => t.textContent.trim()),
      ticks: [...svg.querySelectorAll('text.tick')].map(t => t.textContent.trim()),
      legend: [...svg.querySelectorAll('.legend text')].map(t => t.textContent.trim()),
      empty: svg.querySelector('text.empty-note')?.textContent.trim() ?? null,
      references: [...svg.querySelectorAll('.reference text')].map(t => t.textContent.trim()),
      annotations: [...svg.querySelectorAll('.annotation text')].map(t => t.textContent.trim()),
      marks,
    };
  };
  return {
    title: document.title,
    scripts: document.scripts.length,
    figures: [...document.querySelectorAll('figure')].map(f => ({
      title: f.querySelector('h3')?.textContent.trim() ?? '',
      caption: f.querySelector('figcaption')?.textContent.trim() ?? '',
      captionID: f.querySelector('figcaption')?.id ?? '',
      charts: [...f.querySelectorAll('svg.chart')].map(chart),
      tables: [...f.querySelectorAll('table')].map(table),
    })),
    tables: [...document.querySelectorAll('table')].map(table),
    overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  };
}
"""


class Failures:
    def __init__(self, page):
        self.page = page
        self.messages = []

    def check(self, condition, message):
        if not condition:
            self.messages.append(f"{self.page}: {message}")


def same(a, b):
    """Whether a number on the page is the one in the JSON (written in full, so exactly; allow rounding)."""
    if a is None or b is None:
        return a is None and b is None
    return abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b))


def check_figures(page, failures):
    failures.check(page["figures"], "no figure")
    for figure in page["figures"]:
        name = figure["title"]
        failures.check(figure["caption"], f"figure '{name}' has no caption")
        failures.check(figure["tables"] and all(t["rows"] for t in figure["tables"]), f"figure '{name}' has no table rows")
        failures.check(figure["charts"], f"figure '{name}' has no chart")
        for chart in figure["charts"]:
            where = f"chart of '{name}'"
            failures.check(chart["width"] > 200 and chart["height"] > 60, f"{where} is {chart['width']}x{chart['height']} on screen")
            failures.check(chart["labelledBy"] == figure["captionID"], f"{where} is not labelled by its caption")
            failures.check(chart["axisLabels"] and all(chart["axisLabels"]), f"{where} has unlabelled axes: {chart['axisLabels']}")
            failures.check(len([t for t in chart["ticks"] if t]) >= 2, f"{where} has fewer than two tick labels: {chart['ticks']}")
            if chart["empty"] is None:
                drawn = [m for m in chart["marks"] if len(m["d"]) > 2 and (m["w"] > 0 or m["h"] > 0)]
                failures.check(drawn, f"{where} draws nothing and does not say why")
                failures.check(all(len(m["d"]) > 2 for m in chart["marks"]), f"{where} has an empty path")


def rows_named(page, scenario):
    """Every table row whose first cell is the scenario's name (or ends with it, in an overlay)."""
    for table in page["tables"]:
        for row in table["rows"]:
            first = row.get(table["columns"][0])
            if first and first["text"] == scenario:
                yield table, row


def check_report(page, report, comparison, failures):
    runs_table = next((t for t in page["tables"] if t["caption"] == "The runs on this page"), None)
    failures.check(runs_table and any(c["text"] == report["runID"] for c in runs_table["rows"][0].values()),
                   f"run {report['runID']} is not in the runs table")
    for scenario in report["scenarios"]:
        name = scenario["name"]
        if scenario["kind"] == "load":
            outcomes = [r for t, r in rows_named(page, name) if "sent" in r]
            failures.check(outcomes, f"no outcome row for {name}")
            if scenario.get("outcomes") and outcomes:
                for key in ["scheduled", "sent", "missed", "succeeded"]:
                    failures.check(any(same(r[key]["value"], scenario["outcomes"][key]) for r in outcomes), f"{name}: {key} differs")
            figures = [f for f in page["figures"] if name in f["title"].split(" vs ") and not f["title"].endswith(" over time")]
            failures.check(figures, f"no spectrum for {name}")
            spectrum_rows = [r for f in figures for t in f["tables"] for r in t["rows"]]
            for key, kinds in [("latency", ("corrected", "latency")), ("uncorrectedLatency", ("uncorrected",))]:
                latency = scenario.get(key)
                if not latency:
                    continue
                summary = latency["summary"]
                expected = [summary["count"], summary["p50"], summary["p90"], summary["p99"], summary["p999"], summary["p9999"], summary["max"]]
                columns = ["requests", "p50", "p90", "p99", "p99.9", "p99.99", "max"]
                found = [r for r in spectrum_rows if r["series"]["text"].split(" · ")[-1] in kinds
                         and all(same(r[c]["value"], v) for c, v in zip(columns, expected))]
                failures.check(found or summary["count"] == 0, f"{name}: {key} percentiles not in its table ({expected})")
        else:
            rows = [r for t, r in rows_named(page, name) if "median/op" in r]
            failures.check(rows, f"no row for micro scenario {name}")
            stats = scenario.get("nanosecondsPerOperation")
            if rows and stats:
                for column, key in [("median/op", "median"), ("p25", "p25"), ("p75", "p75"), ("min", "min"), ("max", "max"), ("samples", "count")]:
                    failures.check(any(same(r[column]["value"], stats[key]) for r in rows), f"{name}: {column} differs from {stats[key]}")
                for column, key in [("mallocs/op", "mallocsPerOperation"), ("bytes/op", "bytesAllocatedPerOperation")]:
                    failures.check(any(same(r[column]["value"], scenario[key]) for r in rows), f"{name}: {column} differs from {scenario[key]}")
    for scenario in report["scenarios"]:
        series = scenario.get("timeSeries")
        if not series:
            continue
        name = scenario["name"]
        figures = [f for f in page["figures"] if f["title"].endswith(" over time") and name in f["title"][:-len(" over time")].split(" vs ")]
        failures.check(figures and len(figures[0]["charts"]) == 2, f"no over-time charts for {name}")
        rows = [r for f in figures for t in f["tables"] for r in t["rows"]]
        for interval in series["intervals"]:
            found = [r for r in rows if same(r["start"]["value"], interval["startSeconds"]) and same(r["achieved/s"]["value"], interval["achievedRate"])
                     and same(r["sent"]["value"], interval["outcomes"]["sent"])
                     and (interval["latency"]["summary"]["count"] == 0 or same(r["p99"]["value"], interval["latency"]["summary"]["p99"]))]
            failures.check(found, f"{name}: interval at {interval['startSeconds']} s not in its table")
    comparison = report.get("baselineComparison") or comparison
    if comparison:
        table = next((t for t in page["tables"] if t["caption"] == "Every metric compared"), None)
        failures.check(table, "no comparison table")
        if table:
            failures.check(len(table["rows"]) == len(comparison["rows"]), "comparison rows differ in number")
            for expected, row in zip(comparison["rows"], table["rows"]):
                where = f"comparison row {expected['scenario']} {expected['metric']}"
                failures.check(row["scenario"]["text"] == expected["scenario"] and row["metric"]["text"] == expected["metric"], f"{where}: order")
                failures.check(same(row["baseline"]["value"], expected["baseline"]) and same(row["current"]["value"], expected["current"]), f"{where}: values")
                failures.check(row["verdict"]["text"].endswith(expected["verdict"]), f"{where}: verdict {row['verdict']['text']}")
                if expected["verdict"] == "regression":
                    failures.check("regression" in row["verdict"]["cls"] and "✖" in row["verdict"]["text"], f"{where}: not marked")


def check_capacity(page, capacity, failures):
    fit = capacity["result"].get("scalability")
    failures.check(len(page["figures"]) == (2 if fit else 1) and len(page["figures"][0]["charts"]) == 2,
                   "a capacity page has a figure of two charts, then the scalability law's when one was fitted")
    if fit:
        figure = page["figures"][-1]
        failures.check(len(figure["charts"]) == 1 and "Universal Scalability Law" in figure["title"], "the law's figure")
        law = next((t for t in page["tables"] if t["caption"].startswith("The law's coefficients")), None)
        failures.check(law and same(law["rows"][0]["fitted"]["value"], fit["law"]["contention"])
                       and same(law["rows"][1]["fitted"]["value"], fit["law"]["coherency"]), "the coefficients differ from capacity.json")
    sweep = capacity["settings"].get("levels") is not None
    table = next((t for t in page["tables"] if t["caption"] == "Every step, in the order run"), None)
    failures.check(table and len(table["rows"]) == len(capacity["steps"]), "capacity steps differ in number")
    for step, row in zip(capacity["steps"], table["rows"] if table else []):
        where = f"capacity step {step['number']}"
        failures.check(row["step"]["text"] == str(step["number"]), f"{where}: order")
        offered = ("workers", step["concurrency"]) if sweep else ("offered/s", step["targetRate"])
        for column, value in [offered, ("achieved/s", step["achievedRate"]), ("sent", step["outcomes"]["sent"]),
                              ("p99", step["latency"]["summary"]["p99"] if step["latency"]["summary"]["count"] else None)]:
            failures.check(same(row[column]["value"], value), f"{where}: {column} {row[column]} is not {value}")
        failures.check(row["status"]["text"].endswith(step["status"]), f"{where}: status {row['status']['text']}")
        failed = step["status"] != "passed"
        failures.check(("✖" in row["status"]["text"]) == failed and ("regression" in row["status"]["cls"]) == failed, f"{where}: not marked")
    labels = [t for f in page["figures"] for c in f["charts"] for t in c.get("references", [])]
    rate = capacity["result"].get("maximumSustainableRate")
    if rate is not None and not sweep:
        failures.check(any("max sustainable" in l for l in labels), "the maximum sustainable rate is not marked")
    if capacity["result"].get("knee"):
        failures.check(any("knee" in l for f in page["figures"] for c in f["charts"] for l in c.get("annotations", [])), "the knee is not marked")


def check_history(page, history, scenarios, failures):
    """Each trend on the page against the export: the scenario's runs in order, their commits and the
    figure's values, and a rule labelled `+x.x% regression · commit` for each change in the table."""
    trends = {f["title"][:-len(" over runs")]: f for f in page["figures"] if f["title"].endswith(" over runs")}
    failures.check(trends, "no trend")
    summary = next((t for t in page["tables"] if t["caption"].startswith("Every scenario's verdict")), None)
    failures.check(summary and sorted(r["scenario"]["text"] for r in summary["rows"]) == sorted(trends), "the verdict table lists other scenarios")
    for name, figure in trends.items():
        table = figure["tables"][0]
        metric = table["columns"][5]
        expected = [(run["commit"], s["figures"][metric]) for run in history["runs"] for s in run["scenarios"]
                    if s["name"] == name and metric in s["figures"]]
        failures.check([(r["commit"]["text"], r[metric]["value"]) for r in table["rows"]] == [(c or "–", v) for c, v in expected],
                       f"{name}: the runs of {metric} differ from the history's")
        changes = [r["change"]["text"] for r in table["rows"] if r["change"]["text"]]
        labels = [label for chart in figure["charts"] for label in chart["references"]]
        failures.check([l.split(" · ")[0] for l in labels] == changes, f"{name}: change rules {labels} are not the table's {changes}")
        failures.check(all(re.fullmatch(r"[+-]\d+\.\d% (regression|improvement) · .+", l) for l in labels), f"{name}: change labels {labels}")
    metric = next(iter(trends.values()))["tables"][0]["columns"][5] if trends else None
    missing = {s["name"] for run in history["runs"] for s in run["scenarios"]
               if metric in s["figures"] and (scenarios is None or s["name"] in scenarios)} - set(trends)
    failures.check(not missing, f"scenarios of the history with {metric} but no trend: {sorted(missing)}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--screenshots", required=True)
    parser.add_argument("pages", nargs="+")
    arguments = parser.parse_args()
    screenshots = pathlib.Path(arguments.screenshots)
    screenshots.mkdir(parents=True, exist_ok=True)
    all_failures = []
    started = time.monotonic()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for spec in arguments.pages:
            path, _, reports = spec.partition("=")
            path = pathlib.Path(path).resolve()
            if reports:
                files = [pathlib.Path(p) for p in reports.split(",")]
            else:
                files = [path.parent / "report.json", path.parent / "comparison.json", path.parent / "capacity.json"]
                files = [f for f in files if f.exists()]
            report_paths = [f for f in files if f.name not in ("comparison.json", "history.json")]
            comparison = next((json.loads(f.read_text()) for f in files if f.name == "comparison.json"), None)
            failures = Failures(path.name)
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            page = context.new_page()
            requests, errors = [], []
            own = path.as_uri()

            # Anything but the page's own file is refused (file:// itself cannot be intercepted, so
            # other files are caught by the request listener below).
            context.route(lambda url, own=own: url != own, lambda request_route: request_route.abort())
            page.on("console", lambda message, errors=errors: errors.append(f"console {message.type}: {message.text}") if message.type in ("error", "warning") else None)
            page.on("pageerror", lambda error, errors=errors: errors.append(f"page error: {error}"))
            page.on("request", lambda request, own=own, requests=requests: requests.append(request.url) if request.url != own and not request.url.startswith("data:") and request.url not in requests else None)
            page.goto(own, wait_until="load")
            content = page.evaluate(EXTRACT)
            failures.check(not errors, f"console: {errors}")
            failures.check(not requests, f"requests leaving the page: {requests}")
            failures.check(content["scripts"] == 0, "the page has a script element")
            failures.check(content["overflow"] <= 0, f"the page scrolls sideways by {content['overflow']} px")
            check_figures(content, failures)
            for report_path in report_paths:
                if report_path.name == "capacity.json":
                    check_capacity(content, json.loads(report_path.read_text()), failures)
                else:
                    check_report(content, json.loads(report_path.read_text()), comparison, failures)
            for history_path in [f for f in files if f.name == "history.json"]:
                ran = {s["name"] for f in report_paths for s in json.loads(f.read_text()).get("scenarios", [])}
                check_history(content, json.loads(history_path.read_text()), ran if report_paths else None, failures)
            # A run's page is report.html in a directory named for the run.
            name = path.parent.name if path.stem == "report" else path.stem
            shot = screenshots / f"{name}.png"
            page.screenshot(path=str(shot), full_page=True)
            page.emulate_media(media="print")
            page.screenshot(path=str(screenshots / f"{name}-print.png"), full_page=True)
            charts = sum(len(f["charts"]) for f in content["figures"])
            print(f"CI: {path} ({path.stat().st_size} bytes): {len(content['figures'])} figures, {charts} charts, "
                  f"{len(content['tables'])} tables; {'OK' if not failures.messages else 'FAILED'}; screenshot {shot}")
            all_failures += failures.messages
            context.close()
        browser.close()
    print(f"CI: browser check of {len(arguments.pages)} pages took {time.monotonic() - started:.1f} s")
    for message in all_failures:
        print(f"CI: {message}", file=sys.stderr)
    return 1 if all_failures else 0


if __name__ == "__main__":
    sys.exit(main())
