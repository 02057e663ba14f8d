import BenchmarkEngine

/// `--stage <duration>:<rate>`, repeated: the stages of a ramping open loop, as k6's
/// ramping-arrival-rate takes them.
enum StageOption {
    static let declaration = OptionDeclaration(
        repeating: "stage", value: .text(), valueName: "<d>:<r>",
        help:
            "A stage of a ramping open loop: over <d> (1ms–24h) the rate moves in a straight line to <r> requests per second (0–1000000); repeat for the next, such as --stage 30s:100 --stage 1m:1000 --stage 30s:0. Each request is due where the integral of the rate reaches it. The stages' durations add up to the run's (no --duration)."
    )

    /// The stages `values` say, in order, or a usage error naming the stage that is wrong and why.
    static func parse(_ values: [String], usage: String) throws(UsageError) -> [LoadStage] {
        var stages: [LoadStage] = []
        var total = 0.0
        for (index, text) in values.enumerated() {
            func refuse(_ problem: String) -> UsageError {
                UsageError(
                    message: "invalid value '\(text)' for '--stage' (stage \(index + 1) of \(values.count)): \(problem)", usage: usage)
            }
            guard let colon = text.lastIndex(of: ":") else { throw refuse("expected <duration>:<rate>, such as 30s:100") }
            let duration = String(text[..<colon])
            let rate = String(text[text.index(after: colon)...])
            guard let seconds = DurationText.seconds(duration) else {
                throw refuse("the duration '\(duration)' is not one from 1ms to 24h, such as 30s, 500ms or 2m")
            }
            guard let target = Double(rate), (0...1_000_000).contains(target) else {
                throw refuse("the rate '\(rate)' is not a number of requests per second from 0 to 1000000")
            }
            total += seconds
            stages.append(LoadStage(duration: Duration(seconds: seconds), targetRate: target))
        }
        guard total <= 86_400 else {
            throw UsageError(message: "the stages of '--stage' last \(Int(total)) s in all; at most 24h", usage: usage)
        }
        return stages
    }
}
