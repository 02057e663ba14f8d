import Foundation
import Testing

@testable import BenchmarkEngine

@Suite struct HTMLReportWriterTests {
    /// Everything from outside is text: a scenario named like a script shows as those characters, in
    /// headings, tables, chart labels and attributes alike, and the page has no script at all.
    @Test func aScenarioNamedLikeAScriptRendersAsItsCharacters() throws {
        let name = "<script>alert(1)</script>"
        let report = PageFixtures.report(
            [
                try PageFixtures.load(name, latencies: [1_000_000, 2_000_000]),
                PageFixtures.micro("build/\"'&" + name, samples: [10, 12, 14], mallocs: 1),
            ],
            commandLine: ["bench", "load", "--url", "http://h/<img src=x onerror=alert(2)>"]
        )
        let page = HTMLReportWriter.render(report)
        #expect(!page.lowercased().contains("<script"))
        #expect(!page.contains("<img"))
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(page.contains("build/&quot;&#39;&amp;&lt;script&gt;"))
        #expect(page.contains("&lt;img src=x onerror=alert(2)&gt;"))
    }

    @Test func escapingCoversTextAndAttributesAndDropsControlCharacters() {
        #expect(HTML.escape("<a href=\"x\">'&'</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
        #expect(HTML.escape("a\u{0}b\u{1B}[31mc\td") == "ab[31mc\td")
        #expect(HTML.escape("µs · ✖ 日本") == "µs · ✖ 日本")
        #expect(HTML.identifier("<script>alert(1)</script>") == "script-alert-1-script")
        #expect(HTML.identifier("«»") == "x")
    }

    /// The page stands alone: a policy that forbids scripts and outside requests, and nothing in it
    /// that would fetch anything.
    @Test func thePageIsSelfContainedAndForbidsScripts() throws {
        let page = HTMLReportWriter.render(
            PageFixtures.report([try PageFixtures.load("load/x", latencies: Array(1...500).map { UInt64($0) * 10_000 })]))
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(
            page.contains(
                "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:;"))
        for forbidden in ["<script", "http:", "https:", "url(", "@import", "@font-face", "<link", "<iframe", "<object", " src="] {
            #expect(!page.contains(forbidden), "\(forbidden)")
        }
        for link in page.components(separatedBy: "href=\"").dropFirst() {
            #expect(link.hasPrefix("#"), "only links within the page")
        }
        #expect(page.utf8.count < 40_000, "one load scenario: \(page.utf8.count) bytes")
    }

    /// The spectrum: corrected solid, uncorrected dashed, on the nines axis with labelled axes, and
    /// a table of the summary's figures with their exact values.
    @Test func aLoadScenarioHasItsSpectrumAndItsTable() throws {
        let result = try PageFixtures.load("load/x", latencies: Array(1...1_000).map { UInt64($0) * 1_000 })
        let page = HTMLReportWriter.render(PageFixtures.report([result]))
        #expect(page.contains("<h3>load/x</h3>"))
        #expect(page.contains("percentile of requests (nines)"))
        #expect(page.contains("latency (log scale)"))
        for tick in ["50%", "90%", "99%", "99.9%", "99.99%", "max"] {
            #expect(page.contains(">\(tick)</text>"), "\(tick)")
        }
        #expect(page.occurrences(of: "<path class=\"series\" d=\"M") == 2)
        #expect(page.contains("<g class=\"c1 dashed\"><path class=\"series\""))
        let summary = try #require(result.latency?.summary)
        #expect(page.contains("data-value=\"\(summary.p99)\""))
        #expect(page.contains("data-value=\"\(summary.max)\""))
        #expect(page.contains("<figcaption id=\"spectrum-0\">"))
        #expect(page.contains("aria-labelledby=\"spectrum-0\""))
    }

    /// No request completed: the chart says so rather than drawing a line at zero, the table shows
    /// dashes, and no number on the page is NaN.
    @Test func anEmptyHistogramDrawsNoLineAndSaysWhy() throws {
        let page = HTMLReportWriter.render(PageFixtures.report([try PageFixtures.load("load/empty", latencies: [])]))
        #expect(page.contains(">no request completed</text>"))
        #expect(!page.contains("<path class=\"series\""))
        for number in ["\"nan\"", "\"inf\"", "NaN", ">nan"] {
            #expect(!page.contains(number), "\(number)")
        }
        #expect(page.occurrences(of: "<td>–</td>") >= 12)
    }

    /// One request: a flat spectrum at its latency, on an axis wide enough to hold it between ticks.
    @Test func aSingleSampleDrawsAFlatSpectrum() throws {
        let page = HTMLReportWriter.render(PageFixtures.report([try PageFixtures.load("load/one", latencies: [1_234_567])]))
        let spectrum = try #require(page.components(separatedBy: "<g class=\"c0\"><path class=\"series\" d=\"").dropFirst().first)
        let path = String(spectrum.prefix { $0 != "\"" })
        let heights = Set(path.split(whereSeparator: { $0 == "M" || $0 == "L" }).map { $0.split(separator: " ")[1] })
        #expect(heights.count == 1, "flat: \(path)")
        #expect(page.contains(">1 ms</text>") && page.contains(">2 ms</text>"))
    }

    /// A minute-long request, the histogram's ceiling: the axis reaches past it and the table holds it.
    @Test func aSixtySecondMaximumFitsTheAxis() throws {
        let result = try PageFixtures.load("load/slow", latencies: Array(repeating: 1_000_000, count: 999) + [60_000_000_000])
        let page = HTMLReportWriter.render(PageFixtures.report([result]))
        #expect(page.contains(">100 s</text>"))
        #expect(page.contains(">1 ms</text>"))
        let max = try #require(result.latency?.summary.max)
        #expect(max >= 60_000_000_000)
        #expect(page.contains("data-value=\"\(max)\" class=\"number\">60.03 s</td>"))
    }

    /// Micro-benchmarks: the spread as whisker and box, the median, mallocs beside it, and the
    /// paired baseline's row in grey.
    @Test func microScenariosShowTheirSpreadAllocationsAndBaseline() {
        let report = PageFixtures.report([
            PageFixtures.micro("decode/list", samples: [100, 110, 120, 130, 200], mallocs: 3, baseline: "decode/list-foundation"),
            PageFixtures.micro("decode/list-foundation", samples: [150, 160, 170, 190, 300], mallocs: 5),
        ])
        let page = HTMLReportWriter.render(report)
        #expect(page.contains("decode/ — time and allocations per operation"))
        #expect(page.occurrences(of: "<path class=\"whisker") == 2)
        #expect(page.occurrences(of: "<path class=\"box") == 2)
        #expect(page.occurrences(of: "<path class=\"bar") == 2)
        #expect(page.contains("<path class=\"box c5"), "the baseline in grey")
        #expect(page.contains(">1.5×</text>"))
        #expect(page.contains("mallocs per operation (log scale)"))
        #expect(page.contains("time per operation (log scale)"))
    }

    @Test func withoutJemallocThePageSaysAllocationsAreUnavailable() {
        let page = HTMLReportWriter.render(PageFixtures.report([PageFixtures.micro("build/x", samples: [10, 11], mallocs: nil)]))
        #expect(page.contains("Allocation figures are unavailable"))
        #expect(!page.contains("mallocs per operation (log scale)"))
    }

    /// A regression is marked in colour, in the marker's shape and in words: never colour alone.
    @Test func aComparisonMarksRegressionsByColourSymbolAndShape() {
        let before = PageFixtures.report(
            [PageFixtures.micro("build/x", samples: [100, 101, 102, 103, 104, 105], mallocs: 1)], runID: "before")
        let after = PageFixtures.report(
            [PageFixtures.micro("build/x", samples: [300, 301, 302, 303, 304, 305], mallocs: 3)], runID: "after")
        var compared = after
        compared.baselineComparison = RunComparison(baselineName: "main", baseline: before, current: after, thresholds: Thresholds())
        let page = HTMLReportWriter.render(compared)
        #expect(page.contains("<section id=\"comparison\">"))
        #expect(page.contains("<td class=\"regression\">✖ regression</td>"))
        #expect(page.contains("<path class=\"marker c1\" d=\"M"), "a cross in the regression colour")
        #expect(page.contains("<path class=\"band c5\""), "the noise band")
        #expect(page.contains(">✖ +200.0% regression</text>"))
        #expect(page.contains("change from the baseline (log scale)"))
    }

    /// Several runs on one page: one legend entry per run on every chart, one series per run and
    /// kind of latency, and a table row per run.
    @Test func severalRunsAreOverlaidWithALegend() throws {
        let runs = [
            LabeledReport(
                label: "before",
                report: PageFixtures.report([try PageFixtures.load("load/x", latencies: [1_000_000, 2_000_000])], runID: "a")),
            LabeledReport(
                label: "after <b>",
                report: PageFixtures.report([try PageFixtures.load("load/x", latencies: [3_000_000, 4_000_000])], runID: "b")),
        ]
        let page = HTMLReportWriter.render(runs: runs)
        #expect(page.contains("report: 2 runs"))
        #expect(page.occurrences(of: "<path class=\"series\" d=\"M") == 4)
        #expect(page.contains(">before · corrected</text>"))
        #expect(page.contains(">after &lt;b&gt; · uncorrected</text>"))
        #expect(page.contains("<th scope=\"col\">after &lt;b&gt;</th>"))
        #expect(page.contains("<g class=\"c1 dashed\">"), "the second run's uncorrected line")
    }

    /// Two `bench load` runs through different transports have different scenario names; overlaid,
    /// they share one chart, which is the comparison asked for.
    @Test func singleLoadRunsUnderDifferentNamesShareOneChart() throws {
        let runs = [
            LabeledReport(
                label: "urlsession",
                report: PageFixtures.report([try PageFixtures.load("load/url/urlsession", latencies: [1_000_000])], runID: "a")),
            LabeledReport(
                label: "curl", report: PageFixtures.report([try PageFixtures.load("load/url/curl", latencies: [500_000])], runID: "b")),
        ]
        let page = HTMLReportWriter.render(runs: runs)
        #expect(page.contains("<h3>load/url/urlsession vs load/url/curl</h3>"))
        #expect(page.occurrences(of: "<svg class=\"chart\"") == 1)
        #expect(page.occurrences(of: "<path class=\"series\" d=\"M") == 4)
    }

    @Test func failedScenariosAreListedWithWhyAndTheirLogPerRun() {
        var broken = PageFixtures.report([PageFixtures.micro("build/x", samples: [10, 11], mallocs: 1)])
        broken.failedScenarios = [
            ScenarioFailure(
                name: "decode/<b>", cause: .crashed, reason: "its process crashed with SIGILL: Fatal error", log: "failures/decode/<b>.log")
        ]
        let page = HTMLReportWriter.render(broken)
        #expect(page.contains("1 scenarios (quick settings), 1 failed"))
        #expect(page.contains("One scenario ran and produced no figures"))
        #expect(
            page.contains(
                "<th scope=\"row\">decode/&lt;b&gt;</th><td class=\"regression\">✖ crashed</td><td>its process crashed with SIGILL: Fatal error</td><td>failures/decode/&lt;b&gt;.log</td>"
            ))

        let overlay = HTMLReportWriter.render(runs: [
            LabeledReport(label: "before", report: PageFixtures.report([])), LabeledReport(label: "after", report: broken),
        ])
        #expect(overlay.contains("<th scope=\"col\">run</th><th scope=\"col\">failed</th>"))
        #expect(overlay.contains("</th><td>after</td><td class=\"regression\">✖ crashed</td>"))
        #expect(!HTMLReportWriter.render(PageFixtures.report([])).contains("Scenarios that failed"))
    }

    @Test func aReportWithoutScenariosStillRendersAPage() {
        let page = HTMLReportWriter.render(PageFixtures.report([]))
        #expect(page.contains("This report has no scenario results."))
        #expect(page.hasSuffix("</body></html>\n"))
    }

    /// `report.html` is one of the formats the store writes, rendered before anything is written.
    @Test func theHTMLFormatIsReportDotHTML() throws {
        let report = PageFixtures.report([PageFixtures.micro("build/x", samples: [10, 11], mallocs: 1)])
        #expect(ReportFormat.html.fileName == "report.html")
        let files = try ReportFormat.html.files(for: report)
        #expect(files.map(\.name) == ["report.html"])
        #expect(files.first?.data == Data(HTMLReportWriter.render(report).utf8))
    }
}
