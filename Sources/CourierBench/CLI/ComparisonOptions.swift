import BenchmarkEngine

/// The options that name a baseline and set a comparison's thresholds, shared by `run --baseline`
/// and `compare`.
enum ComparisonOptions {
    static let options: [ArgumentParser.Option] = [
        .value("time-tolerance"), .value("fail-time-tolerance"), .value("malloc-tolerance"), .value("load-tolerance"),
        .value("instructions-tolerance"), .flag("two-sided"), .value("allow-missing"),
    ]

    static let usage = """
          --time-tolerance <t>    A speed change counts beyond this and beyond the noise. (default: 10%)
          --fail-time-tolerance <t>
                                  Slower beyond this fails; less is a warning. (default: the time tolerance)
          --malloc-tolerance <n>  Allocations per operation more that fail, 0.001–1000000. (default: 0.5)
          --load-tolerance <t>    Load-run changes beyond this are warnings. (default: 30%)
          --instructions-tolerance <t>
                                  Counted runs (--instructions): more instructions or estimated
                                  cycles per operation beyond this fail; times then only warn.
                                  (default: 1%)
          --two-sided             Fewer counts beyond that tolerance fail too: save the baseline again.
                                  Tolerances are fractions (0.25) or percentages (25%), from 0 to
                                  10000%. A scenario's own thresholds replace those they name; the
                                  others are these.
          --allow-missing <name>  The scenario <name> may be missing from the run or failed in it (one
                                  renamed or retired on purpose); repeat for more. Without it, a
                                  scenario of the baseline that the run lacks, or any scenario that
                                  failed, is a regression.
        """

    /// A baseline argument as given: a path to a report, or a valid baseline name.
    static func baseline(_ argument: String, usage: String) throws(UsageError) -> String {
        guard RunArchive.isPath(argument) || BaselineStore.isValidName(argument) else {
            throw UsageError(message: "invalid baseline name '\(argument)' (expected letters, digits, '.', '_' and '-', not starting with '.'; or the path of a run directory or report.json)", usage: usage)
        }
        return argument
    }

    /// The scenarios `--allow-missing` names.
    static func allowedMissing(_ parsed: ArgumentParser.Parsed) -> [String] {
        parsed.all("allow-missing")
    }

    /// The thresholds the parsed options set, the documented defaults for the others.
    static func thresholds(_ parsed: ArgumentParser.Parsed, usage: String) throws(UsageError) -> Thresholds {
        func fraction(_ name: String) throws(UsageError) -> Double? {
            guard let text = parsed[name] else { return nil }
            let isPercent = text.hasSuffix("%")
            let number = Double(isPercent ? String(text.dropLast()) : text).map { isPercent ? $0 / 100 : $0 }
            guard let number, (0...100).contains(number) else {
                throw UsageError(message: "invalid value '\(text)' for '--\(name)' (expected a fraction from 0 to 100 such as 0.25, or a percentage from 0% to 10000% such as 25%)", usage: usage)
            }
            return number
        }
        let defaults = Thresholds()
        let time = try fraction("time-tolerance") ?? defaults.time
        let mallocs = try parsed.number("malloc-tolerance", in: 0.001...1_000_000, what: "allocations per operation") ?? defaults.mallocsPerOperation
        return Thresholds(
            mallocsPerOperation: mallocs,
            time: time,
            failingTime: try fraction("fail-time-tolerance"),
            load: try fraction("load-tolerance") ?? defaults.load,
            instructions: try fraction("instructions-tolerance") ?? defaults.instructions,
            isTwoSided: parsed["two-sided"] != nil
        )
    }
}
