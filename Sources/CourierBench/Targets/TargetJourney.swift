import Courier
import Foundation

/// A journey of a targets file (version 2): one user's session as ordered steps, each a request
/// like a mix's, with what it extracts from its answer for later steps and the pause after it.
///
/// ```json
/// {"name": "shop", "weight": 3, "data": "users",
///  "steps": [
///    {"name": "sign in", "method": "POST", "url": "/flow/sign-in", "body": {"text": "{\"user\": \"{{user}}\"}"},
///     "extract": {"token": {"json": "/token"}}, "think": "200ms"},
///    {"name": "list", "url": "/flow/items", "headers": {"Authorization": "Bearer {{token}}"},
///     "checks": [{"json": "/items/0/id"}]}]}
/// ```
struct TargetJourney: Sendable, Equatable {
    /// What it is called; a file's journeys have different names.
    let name: String
    /// Its share of the sessions, relative to the other journeys' weights.
    let weight: Double
    /// The data sources a session takes one row of each from when it starts, for all its steps,
    /// as indices into ``TargetsFile/dataSources``.
    let sources: [Int]
    /// Whether each session keeps a cookie jar (``CookieJar``): on unless `"cookies": false`.
    let cookies: Bool
    /// The steps, in order.
    let steps: [TargetStep]
    /// How many variables a session of it carries (the slots of its steps' extractions).
    let variableCount: Int
}

/// A step of a journey: its request, the values it takes from the answer and the pause after it.
struct TargetStep: Sendable, Equatable {
    /// The request; its name is the step's, which the reports count it under.
    let request: TargetRequest
    /// The values taken from its answer into the session's variables, in the file's order.
    let extractions: [Extraction]
    /// The pause after it, before the next step; `nil` for none.
    let think: ThinkTime?
}

extension TargetJourney {
    /// The journey `entry` describes, its templates bound with `scope`'s data sources and environment.
    init(_ entry: JSONObjectReader, scope: inout TemplateScope) throws(TargetsFileError) {
        var entry = entry
        let file = entry.file
        guard let name = try entry.optionalString("name"), !name.isEmpty else {
            throw .invalidValue(file: file, keyPath: entry.path("name"), expected: "a name that is not empty")
        }
        let weight = try entry.optionalNumber("weight") ?? 1
        guard weight > 0, weight.isFinite else { throw .invalidWeight(file: file, keyPath: entry.path("weight"), weight: weight) }
        let sources = try TargetRequest.sources(of: &entry, among: scope.sources)
        let cookies = try entry.optionalBool("cookies") ?? true
        guard case .array(let entries) = try entry.required("steps"), !entries.isEmpty else {
            throw .invalidValue(file: file, keyPath: entry.path("steps"), expected: "an array of at least one step")
        }
        try entry.finish()
        let columns = Set(sources.flatMap { scope.sources[$0].table.columns })
        scope.variables = [:]
        var steps: [TargetStep] = []
        for (index, value) in entries.enumerated() {
            var step = try JSONObjectReader(value, file: file, keyPath: "\(entry.path("steps"))[\(index)]")
            let request = try TargetRequest(&step, role: .step(sources: sources), scope: &scope)
            var extractions: [Extraction] = []
            if let value = step.optional("extract") {
                var object = try JSONObjectReader(value, file: file, keyPath: step.path("extract"))
                for variable in object.keys {
                    let keyPath = object.path(variable)
                    guard !variable.hasPrefix("env."), !variable.contains("{"), !variable.contains("}"),
                        variable.trimmingCharacters(in: .whitespaces) == variable, !columns.contains(variable)
                    else {
                        throw .invalidValue(
                            file: file, keyPath: keyPath,
                            expected: "a variable name without braces, spaces around it or 'env.', that no data column of the journey has")
                    }
                    // A name extracted again (a refreshed token) keeps its slot; a new one takes the next.
                    let slot =
                        scope.variables[variable] ?? extractions.first { $0.name == variable }?.slot
                        ?? scope.variables.count + extractions.filter { scope.variables[$0.name] == nil }.count
                    let reader = try JSONObjectReader(try object.required(variable), file: file, keyPath: keyPath)
                    extractions.append(try Extraction(name: variable, slot: slot, reader))
                }
            }
            let think = try step.optional("think").map { value throws(TargetsFileError) in
                try Self.think(value, file: file, keyPath: step.path("think"))
            }
            try step.finish()
            // Set after the step is bound: a step cannot use what it extracts itself.
            for extraction in extractions { scope.variables[extraction.name] = extraction.slot }
            steps.append(TargetStep(request: request, extractions: extractions, think: think))
        }
        self.init(name: name, weight: weight, sources: sources, cookies: cookies, steps: steps, variableCount: scope.variables.count)
    }

    /// A `think` value: a duration (`"500ms"`, fixed), `{"uniform": ["100ms", "2s"]}` or
    /// `{"exponential": "1s"}` (about that mean).
    private static func think(_ value: JSONValue, file: String, keyPath: String) throws(TargetsFileError) -> ThinkTime {
        let expected = "a duration such as \"500ms\", {\"uniform\": [\"100ms\", \"2s\"]} or {\"exponential\": \"1s\"}"
        func duration(_ value: JSONValue?, at keyPath: String) throws(TargetsFileError) -> Duration {
            guard case .string(let text)? = value, let seconds = DurationText.seconds(text), seconds <= 3600 else {
                throw .invalidValue(file: file, keyPath: keyPath, expected: "a duration from 1ms to 1h, such as \"500ms\" or \"2s\"")
            }
            return Duration(seconds: seconds)
        }
        if case .string = value { return .fixed(try duration(value, at: keyPath)) }
        guard case .object = value else { throw .invalidValue(file: file, keyPath: keyPath, expected: expected) }
        var object = try JSONObjectReader(value, file: file, keyPath: keyPath)
        let think: ThinkTime
        if let range = object.optional("uniform") {
            guard case .array(let bounds) = range, bounds.count == 2 else {
                throw .invalidValue(file: file, keyPath: object.path("uniform"), expected: "two durations, the shortest and the longest")
            }
            let low = try duration(bounds[0], at: "\(object.path("uniform"))[0]")
            let high = try duration(bounds[1], at: "\(object.path("uniform"))[1]")
            guard low <= high else {
                throw .invalidValue(file: file, keyPath: object.path("uniform"), expected: "the shortest duration first")
            }
            think = .uniform(low...high)
        } else if let mean = object.optional("exponential") {
            think = .exponential(mean: try duration(mean, at: object.path("exponential")))
        } else {
            throw .invalidValue(file: file, keyPath: keyPath, expected: expected)
        }
        try object.finish()
        return think
    }
}
