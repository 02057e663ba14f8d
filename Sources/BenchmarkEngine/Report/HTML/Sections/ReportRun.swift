/// One run on a page, with the label that tells it apart from the others (`before`, `curl`) and
/// the style its series are drawn in on every chart.
struct ReportRun: Sendable {
    let label: String
    let report: Report
    /// Its place among the page's runs, from 0.
    let index: Int

    /// Runs in the order given; each gets the next colour and marker.
    static func numbered(_ runs: [LabeledReport]) -> [ReportRun] {
        runs.enumerated().map { ReportRun(label: $1.label, report: $1.report, index: $0) }
    }

    /// The run's colour and marker on every chart of the page: the palette's first five colours
    /// (the sixth, grey, is kept for baselines and targets) and a marker shape of its own.
    var style: ChartStyle {
        ChartStyle(colour: index % 5, shape: MarkerShape.allCases[index % MarkerShape.allCases.count])
    }

    /// The run's result named `name`, if it has one.
    func scenario(named name: String) -> ScenarioResult? {
        report.scenarios.first { $0.name == name }
    }
}

extension [ReportRun] {
    /// The names of the scenarios of `kind` in any of the runs, in the order they first appear.
    func scenarioNames(of kind: ScenarioResult.Kind) -> [String] {
        var seen = Set<String>()
        return flatMap(\.report.scenarios).filter { $0.kind == kind && seen.insert($0.name).inserted }.map(\.name)
    }

    /// Whether the page overlays several runs, so that rows and series need the run's label.
    var areSeveral: Bool {
        count > 1
    }
}
