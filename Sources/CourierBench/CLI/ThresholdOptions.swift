import BenchmarkEngine

/// The options that set a comparison's thresholds, shared by `run --baseline` and `compare`.
enum ThresholdOptions {
    static let options: [ArgumentParser.Option] = [
        .value("time-tolerance"), .value("fail-time-tolerance"), .value("malloc-tolerance"), .value("load-tolerance"),
    ]

    static let usage = """
          --time-tolerance <t>    A speed change counts beyond this and beyond the noise. (default: 10%)
          --fail-time-tolerance <t>
                                  Slower beyond this fails; less is a warning. (default: the time tolerance)
          --malloc-tolerance <n>  Allocations per operation more that fail. (default: 0.5)
          --load-tolerance <t>    Load-run changes beyond this are warnings. (default: 30%)
                                  Tolerances are fractions (0.25) or percentages (25%).
        """

    /// The thresholds the parsed options set, the documented defaults for the others.
    static func thresholds(_ parsed: ArgumentParser.Parsed, usage: String) throws(UsageError) -> Thresholds {
        func fraction(_ name: String) throws(UsageError) -> Double? {
            guard let text = parsed[name] else { return nil }
            let isPercent = text.hasSuffix("%")
            guard let number = Double(isPercent ? String(text.dropLast()) : text), number.isFinite, number >= 0 else {
                throw UsageError(message: "invalid value '\(text)' for '--\(name)' (expected a fraction such as 0.25 or a percentage such as 25%)", usage: usage)
            }
            return isPercent ? number / 100 : number
        }
        let defaults = Thresholds()
        let time = try fraction("time-tolerance") ?? defaults.time
        var mallocs = defaults.mallocsPerOperation
        if let text = parsed["malloc-tolerance"] {
            guard let value = Double(text), value.isFinite, value > 0 else {
                throw UsageError(message: "invalid value '\(text)' for '--malloc-tolerance' (expected a positive number)", usage: usage)
            }
            mallocs = value
        }
        return Thresholds(
            mallocsPerOperation: mallocs,
            time: time,
            failingTime: try fraction("fail-time-tolerance"),
            load: try fraction("load-tolerance") ?? defaults.load
        )
    }
}
