import BenchmarkEngine

/// `--stage <duration>:<rate>`, repeated: the stages of a ramping open loop, as k6's
/// ramping-arrival-rate takes them.
enum StageOption {
    /// The stages `values` say, in order, or a usage error naming the stage that is wrong and why.
    static func parse(_ values: [String], usage: String) throws(UsageError) -> [LoadStage] {
        var stages: [LoadStage] = []
        var total = 0.0
        for (index, text) in values.enumerated() {
            func refuse(_ problem: String) -> UsageError {
                UsageError(message: "invalid value '\(text)' for '--stage' (stage \(index + 1) of \(values.count)): \(problem)", usage: usage)
            }
            guard let colon = text.lastIndex(of: ":") else { throw refuse("expected <duration>:<rate>, such as 30s:100") }
            let duration = String(text[..<colon])
            let rate = String(text[text.index(after: colon)...])
            guard let seconds = try? ArgumentParser.seconds(duration, option: "stage", usage: usage) else {
                throw refuse("the duration '\(duration)' is not one from 1ms to 24h, such as 30s, 500ms or 2m")
            }
            guard let target = Double(rate), (0...1_000_000).contains(target) else {
                throw refuse("the rate '\(rate)' is not a number of requests per second from 0 to 1000000")
            }
            total += seconds
            stages.append(LoadStage(durationNanoseconds: LoadConfiguration.nanoseconds(seconds), targetRate: target))
        }
        guard total <= 86_400 else {
            throw UsageError(message: "the stages of '--stage' last \(Int(total)) s in all; at most 24h", usage: usage)
        }
        return stages
    }
}
