import CourierFixtures
import Foundation

/// A GitHub event as its events API lists them: a `type` that says what `payload` holds, read
/// first by a hand-written `init(from:)`, as such models are written.
struct Event: Codable {
    let id: String
    let actor: Actor
    let repo: Repository
    let payload: EventPayload
    let isPublic: Bool
    let createdAt: Date

    enum CodingKeys: String, CodingKey {
        case id, type, actor, repo, payload
        case isPublic = "public"
        case createdAt = "created_at"
    }

    init(id: String, actor: Actor, repo: Repository, payload: EventPayload, isPublic: Bool, createdAt: Date) {
        self.id = id
        self.actor = actor
        self.repo = repo
        self.payload = payload
        self.isPublic = isPublic
        self.createdAt = createdAt
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "PushEvent": payload = .push(try container.decode(PushPayload.self, forKey: .payload))
        case "IssuesEvent": payload = .issues(try container.decode(IssuesPayload.self, forKey: .payload))
        case "WatchEvent": payload = .watch(try container.decode(WatchPayload.self, forKey: .payload))
        case "CreateEvent": payload = .create(try container.decode(CreatePayload.self, forKey: .payload))
        default:
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "Unknown event type \(type)")
        }
        id = try container.decode(String.self, forKey: .id)
        actor = try container.decode(Actor.self, forKey: .actor)
        repo = try container.decode(Repository.self, forKey: .repo)
        isPublic = try container.decode(Bool.self, forKey: .isPublic)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(payload.type, forKey: .type)
        try container.encode(actor, forKey: .actor)
        try container.encode(repo, forKey: .repo)
        switch payload {
        case .push(let push): try container.encode(push, forKey: .payload)
        case .issues(let issues): try container.encode(issues, forKey: .payload)
        case .watch(let watch): try container.encode(watch, forKey: .payload)
        case .create(let create): try container.encode(create, forKey: .payload)
        }
        try container.encode(isPublic, forKey: .isPublic)
        try container.encode(createdAt, forKey: .createdAt)
    }
}

enum EventPayload {
    case push(PushPayload)
    case issues(IssuesPayload)
    case watch(WatchPayload)
    case create(CreatePayload)

    /// The event's `type`, which says which payload it carries.
    var type: String {
        switch self {
        case .push: "PushEvent"
        case .issues: "IssuesEvent"
        case .watch: "WatchEvent"
        case .create: "CreateEvent"
        }
    }
}

struct Actor: Codable {
    let id: Int
    let login: String
    let displayLogin: String
    let gravatarId: String
    let url: String
    let avatarUrl: String

    enum CodingKeys: String, CodingKey {
        case id, login
        case displayLogin = "display_login"
        case gravatarId = "gravatar_id"
        case url
        case avatarUrl = "avatar_url"
    }
}

struct Repository: Codable {
    let id: Int
    let name: String
    let url: String
}

struct PushPayload: Codable {
    let repositoryId: Int
    let pushId: Int
    let size: Int
    let distinctSize: Int
    let ref: String
    let head: String
    let before: String
    let commits: [Commit]

    enum CodingKeys: String, CodingKey {
        case repositoryId = "repository_id"
        case pushId = "push_id"
        case size
        case distinctSize = "distinct_size"
        case ref, head, before, commits
    }
}

struct Commit: Codable {
    let sha: String
    let author: CommitAuthor
    let message: String
    let distinct: Bool
    let url: String
}

struct CommitAuthor: Codable {
    let email: String
    let name: String
}

struct IssuesPayload: Codable {
    let action: String
    let issue: IssueSummary
}

struct IssueSummary: Codable {
    let id: Int
    let number: Int
    let title: String
    let state: String
    let comments: Int
    let labels: [String]
}

struct WatchPayload: Codable {
    let action: String
}

struct CreatePayload: Codable {
    let ref: String?
    let refType: String
    let masterBranch: String
    let description: String?
    let pusherType: String

    enum CodingKeys: String, CodingKey {
        case ref
        case refType = "ref_type"
        case masterBranch = "master_branch"
        case description
        case pusherType = "pusher_type"
    }
}

extension Event: Digestible {
    func digest(into digest: inout Digest) {
        digest.add(id)
        actor.digest(into: &digest)
        digest.add(repo.id)
        digest.add(repo.name)
        digest.add(repo.url)
        digest.add(payload.type)
        switch payload {
        case .push(let push):
            digest.add(push.repositoryId)
            digest.add(push.pushId)
            digest.add(push.size)
            digest.add(push.distinctSize)
            digest.add(push.ref)
            digest.add(push.head)
            digest.add(push.before)
            digest.add(push.commits)
        case .issues(let issues):
            digest.add(issues.action)
            digest.add(issues.issue.id)
            digest.add(issues.issue.number)
            digest.add(issues.issue.title)
            digest.add(issues.issue.state)
            digest.add(issues.issue.comments)
            digest.add(issues.issue.labels)
        case .watch(let watch):
            digest.add(watch.action)
        case .create(let create):
            digest.add(create.ref)
            digest.add(create.refType)
            digest.add(create.masterBranch)
            digest.add(create.description)
            digest.add(create.pusherType)
        }
        digest.add(isPublic)
        digest.add(createdAt)
    }
}

extension Actor: Digestible {
    func digest(into digest: inout Digest) {
        digest.add(id)
        digest.add(login)
        digest.add(displayLogin)
        digest.add(gravatarId)
        digest.add(url)
        digest.add(avatarUrl)
    }
}

extension Commit: Digestible {
    func digest(into digest: inout Digest) {
        digest.add(sha)
        digest.add(author.email)
        digest.add(author.name)
        digest.add(message)
        digest.add(distinct)
        digest.add(url)
    }
}

extension Event {
    private static let repositories = [
        "courier/courier", "apple/swift", "swiftlang/swift-format", "serde-rs/json", "ijl/orjson", "torvalds/linux", "rust-lang/rust",
    ]
    private static let messages = [
        "Fix the decoder's handling of escaped keys",
        "Bump the toolchain to 6.3.1\n\nThe old one miscompiles a generic specialization.",
        "Docs: say which options the engine takes as curl does",
        "Merge pull request #4821 from octocat/fix-timeouts\n\nTimeouts are per request again",
        "Tests: \"flaky\" test made deterministic (no sleep)",
    ]

    /// `count` events from a fixed seed: a third pushes, the rest issues, stars and branches.
    static func generate(count: Int) -> [Event] {
        var random = SplitMix64(seed: 0xE7E_27)
        let logins = ["octocat", "hubot", "mona-lisa", "defunkt", "mojombo", "dependabot[bot]", "renovate[bot]", "zoë-dev"]
        return (0..<count).map { index in
            let which = random.int(in: 0...(logins.count - 1))
            let login = logins[which]
            let actorId = 5000 + which * 131
            let actor = Actor(
                id: actorId, login: login, displayLogin: login, gravatarId: "",
                url: "https://api.github.com/users/\(login)", avatarUrl: "https://avatars.githubusercontent.com/u/\(actorId)?")
            let name = random.element(of: repositories)
            let repo = Repository(id: 100_000 + name.utf8.count * 977, name: name, url: "https://api.github.com/repos/\(name)")
            let payload: EventPayload
            switch random.int(in: 0...99) {
            case 0..<35:
                let commits = (0..<random.int(in: 1...2)).map { _ in
                    Commit(
                        sha: random.hex(40), author: CommitAuthor(email: "\(login)@users.noreply.github.com", name: login),
                        message: random.element(of: messages), distinct: random.bool(percentTrue: 90),
                        url: "https://api.github.com/repos/\(name)/commits/\(random.hex(40))")
                }
                payload = .push(
                    PushPayload(
                        repositoryId: repo.id, pushId: 10_000_000_000 + index, size: commits.count, distinctSize: commits.count,
                        ref: "refs/heads/main", head: random.hex(40), before: random.hex(40), commits: commits))
            case 35..<55:
                payload = .issues(
                    IssuesPayload(
                        action: random.element(of: ["opened", "closed", "reopened"]),
                        issue: IssueSummary(
                            id: 2_000_000 + index, number: random.int(in: 1...9000), title: random.element(of: messages),
                            state: random.element(of: ["open", "closed"]), comments: random.int(in: 0...30),
                            labels: (0..<random.int(in: 0...2)).map { _ in random.element(of: ["bug", "perf", "docs"]) })))
            case 55..<80:
                payload = .watch(WatchPayload(action: "started"))
            default:
                let isBranch = random.bool(percentTrue: 70)
                payload = .create(
                    CreatePayload(
                        ref: isBranch ? "feature/\(random.hex(6))" : nil, refType: isBranch ? "branch" : "repository",
                        masterBranch: "main", description: random.bool(percentTrue: 50) ? "A description — with a dash" : nil,
                        pusherType: "user"))
            }
            return Event(
                id: String(30_000_000_000 + index * 3), actor: actor, repo: repo, payload: payload, isPublic: random.bool(percentTrue: 95),
                createdAt: Date(timeIntervalSince1970: TimeInterval(1_700_000_000 + index * 11)))
        }
    }
}
