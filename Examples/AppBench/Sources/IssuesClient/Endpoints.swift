import Courier
import Foundation

/// `GET repos/{owner}/{repo}/issues`: one page of a repository's issues, newest first.
public struct ListIssues: Endpoint {
    public typealias Response = [Issue]

    public enum Filter: String, Sendable {
        case open, closed, all
    }

    public let owner: String
    public let repo: String
    public var state: Filter = .open
    public var labels: [String] = []
    public var page = 1
    public var perPage = 30

    public init(owner: String, repo: String, state: Filter = .open, labels: [String] = [], page: Int = 1, perPage: Int = 30) {
        self.owner = owner
        self.repo = repo
        self.state = state
        self.labels = labels
        self.page = page
        self.perPage = perPage
    }

    public var path: String { "repos/\(owner)/\(repo)/issues" }

    public var query: [String: String] {
        var query = ["state": state.rawValue, "page": "\(page)", "per_page": "\(perPage)", "sort": "updated", "direction": "desc"]
        if !labels.isEmpty { query["labels"] = labels.joined(separator: ",") }
        return query
    }
}

/// `GET repos/{owner}/{repo}/issues/{number}`.
public struct GetIssue: Endpoint {
    public typealias Response = Issue
    public let owner: String
    public let repo: String
    public let number: Int

    public init(owner: String, repo: String, number: Int) {
        self.owner = owner
        self.repo = repo
        self.number = number
    }

    public var path: String { "repos/\(owner)/\(repo)/issues/\(number)" }
}

/// `POST repos/{owner}/{repo}/issues`: a new issue.
public struct CreateIssue: Endpoint {
    public typealias Response = Issue

    /// What the new issue says.
    public struct Draft: Encodable, Sendable {
        public let title: String
        public let body: String
        public let labels: [String]
        public let assignees: [String]

        public init(title: String, body: String, labels: [String] = [], assignees: [String] = []) {
            self.title = title
            self.body = body
            self.labels = labels
            self.assignees = assignees
        }
    }

    public let owner: String
    public let repo: String
    public let draft: Draft

    public init(owner: String, repo: String, draft: Draft) {
        self.owner = owner
        self.repo = repo
        self.draft = draft
    }

    public var path: String { "repos/\(owner)/\(repo)/issues" }
    public var method: String { "POST" }
    public var body: RequestBody? { .json(draft) }
}
