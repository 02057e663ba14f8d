/// What the app's inbox shows first: open issues that nobody has taken or that report a breakage,
/// most recently updated first.
public struct Triage: Sendable {
    private static let breakage: Set<String> = ["bug", "crash", "regression"]

    public let issues: [Issue]

    public init(_ issues: [Issue]) {
        self.issues = issues
    }

    /// Open issues with nobody assigned, or labelled as a breakage; newest update first.
    public var needingAttention: [Issue] {
        issues
            .filter { $0.state == .open && ($0.assignees.isEmpty || $0.labels.contains { Self.breakage.contains($0.name) }) }
            .sorted { $0.updatedAt > $1.updatedAt }
    }
}
