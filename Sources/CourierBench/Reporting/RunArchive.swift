import BenchmarkEngine
import Foundation

/// A run directory or report file that is not there.
struct MissingRun: Error, CustomStringConvertible {
    let path: String

    var description: String {
        "no report at '\(path)' (run 'bench run' first, or name a run directory or report.json)"
    }
}

extension BenchApp {
    /// `bench baseline save`: stores a run's report as `<reports>/baselines/<name>.json`.
    static func saveBaseline(name: String, run: String?, reportsDirectory: String) -> Int32 {
        let reports = URL(fileURLWithPath: reportsDirectory)
        do {
            let (report, _) = try loadRun(run.map(URL.init(fileURLWithPath:)) ?? reports.appendingPathComponent("latest"))
            let file = try BaselineStore(directory: reports.appendingPathComponent("baselines")).save(report, as: name)
            print("Saved run \(report.runID) as baseline '\(name)': \(file.path)")
            return ExitCode.success
        } catch {
            return fail(error)
        }
    }

    /// `bench baseline list`: each saved baseline with the machine it was measured on.
    static func listBaselines(reportsDirectory: String) -> Int32 {
        let store = BaselineStore(directory: URL(fileURLWithPath: reportsDirectory).appendingPathComponent("baselines"))
        do {
            let names = try store.list()
            if names.isEmpty { print("No baselines saved in \(store.directory.path).") }
            for name in names {
                let report = try store.load(name)
                let machine = report.environment
                print("\(name.padding(toLength: 24, withPad: " ", startingAt: 0)) run \(report.runID)\(report.isQuick ? " (quick)" : ""), \(machine.operatingSystem), \(machine.cpuCount) CPUs, \(machine.buildConfiguration), \(machine.allocator ?? "no jemalloc")")
            }
            return ExitCode.success
        } catch {
            return fail(error)
        }
    }

    /// `bench compare`: the table, `comparison.md` and `comparison.json` beside the current report,
    /// and exit code 1 on a regression.
    static func compare(_ options: BenchCommand.CompareOptions) -> Int32 {
        let reports = URL(fileURLWithPath: options.reportsDirectory)
        do {
            let baseline = try loadBaseline(options.baseline, reportsDirectory: reports)
            let (current, directory) = try loadRun(options.current.map(URL.init(fileURLWithPath:)) ?? reports.appendingPathComponent("latest"))
            let comparison = RunComparison(
                baselineName: options.baseline, baseline: baseline, current: current,
                thresholds: options.thresholds, overrides: thresholds(for:)
            )
            print(comparison.markdown())
            try write(comparison, into: directory)
            return comparison.regressions.isEmpty ? ExitCode.success : ExitCode.failure
        } catch {
            return fail(error)
        }
    }

    /// A saved baseline by name, or a report by path when the argument looks like one.
    static func loadBaseline(_ nameOrPath: String, reportsDirectory: URL) throws -> Report {
        if nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") {
            return try loadRun(URL(fileURLWithPath: nameOrPath)).report
        }
        return try BaselineStore(directory: reportsDirectory.appendingPathComponent("baselines")).load(nameOrPath)
    }

    /// A run's report and the directory it is in, from a run directory or a `report.json` path.
    static func loadRun(_ location: URL) throws -> (report: Report, directory: URL) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: location.path, isDirectory: &isDirectory) else {
            throw MissingRun(path: location.path)
        }
        let file = isDirectory.boolValue ? location.appendingPathComponent("report.json") : location
        guard let data = FileManager.default.contents(atPath: file.path) else { throw MissingRun(path: file.path) }
        return (try JSONReportWriter.read(data), file.deletingLastPathComponent().resolvingSymlinksInPath())
    }

    /// Writes `comparison.md` and `comparison.json` into a run directory.
    static func write(_ comparison: RunComparison, into directory: URL) throws {
        try Platform.writeAtomically(try JSONReportWriter.render(value: comparison), to: directory.appendingPathComponent("comparison.json"))
        try Platform.writeAtomically(Data(comparison.markdown(all: true).utf8), to: directory.appendingPathComponent("comparison.md"))
    }
}
