import BenchmarkEngine

/// The options that name a baseline and set a comparison's thresholds, shared by `run --baseline`
/// and `compare`.
enum ComparisonOptions {
    static let tolerance = OptionValue<Double>.fraction(
        in: 0...100, expecting: "a fraction from 0 to 100 such as 0.25, or a percentage from 0% to 10000% such as 25%"
    )
    static let time = OptionDeclaration(
        "time-tolerance", value: tolerance, default: BenchmarkEngine.Thresholds().time, valueName: "<t>",
        help: "A speed change counts beyond this and beyond the noise."
    )
    static let failingTime = OptionDeclaration(
        "fail-time-tolerance", value: tolerance, valueName: "<t>",
        help: "Slower beyond this fails; less is a warning.", defaultDescription: "the time tolerance"
    )
    static let mallocs = OptionDeclaration(
        "malloc-tolerance", value: .number(in: 0.001...1_000_000, what: "allocations per operation"),
        default: BenchmarkEngine.Thresholds().mallocsPerOperation, valueName: "<n>",
        help: "Allocations per operation more that fail, {range}."
    )
    static let load = OptionDeclaration(
        "load-tolerance", value: tolerance, default: BenchmarkEngine.Thresholds().load, valueName: "<t>",
        help: "Load-run changes beyond this are warnings."
    )
    static let instructions = OptionDeclaration(
        "instructions-tolerance", value: tolerance, default: BenchmarkEngine.Thresholds().instructions, valueName: "<t>",
        help: "Counted runs (--instructions): more instructions per operation beyond this fail; times then only warn."
    )
    static let cycles = OptionDeclaration(
        "cycles-tolerance", value: tolerance, default: BenchmarkEngine.Thresholds().estimatedCycles, valueName: "<t>",
        help: "Counted runs: more estimated cycles per operation beyond this fail (the simulated caches see the build's layout)."
    )
    static let twoSided = OptionDeclaration(
        flag: "two-sided",
        help:
            "Fewer counts beyond their tolerances fail too: save the baseline again. Tolerances are fractions (0.25) or percentages (25%), from 0 to 10000%. A scenario's own thresholds replace those they name; the others are these."
    )
    static let allowMissing = OptionDeclaration(
        repeating: "allow-missing", value: .text(), valueName: "<name>",
        help:
            "The scenario <name> may be missing from the run or failed in it (one renamed or retired on purpose); repeat for more. Without it, a scenario of the baseline that the run lacks, or any scenario that failed, is a regression."
    )

    static let allowDebug = OptionDeclaration(
        flag: "allow-debug",
        help:
            "Judges a debug build's run against a release build's all the same. Without it such a comparison is refused (exit 64): a debug build's figures are not a release build's."
    )

    /// The options, for a command's declaration.
    static let options: [any CommandLineOption] = [
        time, failingTime, mallocs, load, instructions, cycles, twoSided, allowMissing, allowDebug,
    ]

    /// Refuses, unless `allowingDebug`, to judge a run of a debug build (`current`, as its report's
    /// environment records it) against a baseline of a release build.
    static func checkBuilds(
        current: String, of run: String, baseline: Report, named name: String, allowingDebug: Bool
    ) throws(DebugBuildError) {
        guard !allowingDebug, current == Report.Environment.debugBuild,
            baseline.environment.buildConfiguration == Report.Environment.releaseBuild
        else { return }
        throw DebugBuildError(judged: run, against: "the baseline '\(name)'")
    }

    /// A baseline argument as given: a path to a report, or a valid baseline name.
    static func baseline(_ argument: String, usage: String) throws(UsageError) -> String {
        guard RunArchive.isPath(argument) || BaselineStore.isValidName(argument) else {
            throw UsageError(
                message:
                    "invalid baseline name '\(argument)' (expected letters, digits, '.', '_' and '-', not starting with '.'; or the path of a run directory or report.json)",
                usage: usage)
        }
        return argument
    }

    /// The thresholds the parsed options set, the documented defaults for the others.
    static func thresholds(_ parsed: ParsedCommandLine) throws(UsageError) -> BenchmarkEngine.Thresholds {
        let time = try parsed.value(of: time)
        let mallocs = try parsed.value(of: mallocs)
        return BenchmarkEngine.Thresholds(
            mallocsPerOperation: mallocs,
            time: time,
            failingTime: try parsed.value(of: failingTime),
            load: try parsed.value(of: load),
            instructions: try parsed.value(of: instructions),
            estimatedCycles: try parsed.value(of: cycles),
            isTwoSided: try parsed.value(of: twoSided)
        )
    }
}
