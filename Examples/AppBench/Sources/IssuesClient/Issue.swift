import Foundation

/// One issue as the app shows it: the fields it uses of the dozens the API sends.
public struct Issue: Decodable, Sendable, Equatable {
    public let id: Int
    public let number: Int
    public let title: String
    /// Markdown; absent when the author wrote none.
    public let body: String?
    public let state: IssueState
    /// Why it was closed or reopened; `nil` for most open issues.
    public let stateReason: StateReason?
    public let user: User
    public let labels: [Label]
    public let assignees: [User]
    public let milestone: Milestone?
    public let comments: Int
    public let createdAt: Date
    public let updatedAt: Date
    public let closedAt: Date?
    public let htmlUrl: URL
    /// Set when the issue is a pull request.
    public let pullRequest: PullRequestLink?

    private enum CodingKeys: String, CodingKey {
        case id, number, title, body, state, stateReason, user, labels, assignees, milestone, comments
        case createdAt, updatedAt, closedAt, htmlUrl, pullRequest
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        number = try container.decode(Int.self, forKey: .number)
        title = try container.decode(String.self, forKey: .title)
        body = try container.decodeIfPresent(String.self, forKey: .body)
        state = try container.decode(IssueState.self, forKey: .state)
        stateReason = try container.decodeIfPresent(StateReason.self, forKey: .stateReason)
        user = try container.decode(User.self, forKey: .user)
        // Older API versions leave these out; the app treats that as none.
        labels = try container.decodeIfPresent([Label].self, forKey: .labels) ?? []
        assignees = try container.decodeIfPresent([User].self, forKey: .assignees) ?? []
        milestone = try container.decodeIfPresent(Milestone.self, forKey: .milestone)
        comments = try container.decode(Int.self, forKey: .comments)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        updatedAt = try container.decode(Date.self, forKey: .updatedAt)
        closedAt = try container.decodeIfPresent(Date.self, forKey: .closedAt)
        htmlUrl = try container.decode(URL.self, forKey: .htmlUrl)
        pullRequest = try container.decodeIfPresent(PullRequestLink.self, forKey: .pullRequest)
        SlowDecoding.stretch()
    }
}

/// Whether an issue is open; a state this app does not know yet decodes as `.unknown`, so a new
/// API value never breaks the list.
public enum IssueState: Sendable, Equatable, Decodable {
    case open, closed
    case unknown(String)

    public init(from decoder: any Decoder) throws {
        switch try decoder.singleValueContainer().decode(String.self) {
        case "open": self = .open
        case "closed": self = .closed
        case let other: self = .unknown(other)
        }
    }
}

/// Why an issue was closed or reopened, with a fallback for reasons added after this app shipped
/// (the API added `duplicate` in 2024).
public enum StateReason: Sendable, Equatable, Decodable {
    case completed, notPlanned, reopened
    case unknown(String)

    public init(from decoder: any Decoder) throws {
        switch try decoder.singleValueContainer().decode(String.self) {
        case "completed": self = .completed
        case "not_planned": self = .notPlanned
        case "reopened": self = .reopened
        case let other: self = .unknown(other)
        }
    }
}

/// The person behind an issue or assigned to it.
public struct User: Decodable, Sendable, Equatable {
    public let login: String
    public let id: Int
    public let avatarUrl: URL
    public let siteAdmin: Bool
}

/// A label on an issue; its description is optional.
public struct Label: Decodable, Sendable, Equatable {
    public let id: Int
    public let name: String
    public let color: String
    public let description: String?
}

/// The milestone an issue is planned for.
public struct Milestone: Decodable, Sendable, Equatable {
    public let number: Int
    public let title: String
    public let openIssues: Int
    public let closedIssues: Int
    public let dueOn: Date?
}

/// Where the pull request behind an issue lives.
public struct PullRequestLink: Decodable, Sendable, Equatable {
    public let htmlUrl: URL
    public let mergedAt: Date?
}
