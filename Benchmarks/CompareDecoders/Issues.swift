import CourierFixtures
import Foundation

/// A GitHub issue as its REST API lists them: snake_case keys (decoded with
/// `.convertFromSnakeCase`), ISO 8601 dates, a long Markdown body full of escapes.
struct Issue: Codable {
    let id: Int
    let nodeId: String
    let number: Int
    let title: String
    let user: User
    let labels: [Label]
    let state: String
    let locked: Bool
    let assignee: User?
    let comments: Int
    let createdAt: Date
    let updatedAt: Date
    let closedAt: Date?
    let authorAssociation: String
    let htmlUrl: String
    let body: String
}

struct User: Codable {
    let login: String
    let id: Int
    let nodeId: String
    let avatarUrl: String
    let htmlUrl: String
    let type: String
    let siteAdmin: Bool
}

struct Label: Codable {
    let id: Int
    let nodeId: String
    let name: String
    let color: String
    let `default`: Bool
    let description: String?
}

extension Issue: Digestible {
    func digest(into digest: inout Digest) {
        digest.add(id)
        digest.add(nodeId)
        digest.add(number)
        digest.add(title)
        user.digest(into: &digest)
        digest.add(labels)
        digest.add(state)
        digest.add(locked)
        digest.add(assignee)
        digest.add(comments)
        digest.add(createdAt)
        digest.add(updatedAt)
        digest.add(closedAt)
        digest.add(authorAssociation)
        digest.add(htmlUrl)
        digest.add(body)
    }
}

extension User: Digestible {
    func digest(into digest: inout Digest) {
        digest.add(login)
        digest.add(id)
        digest.add(nodeId)
        digest.add(avatarUrl)
        digest.add(htmlUrl)
        digest.add(type)
        digest.add(siteAdmin)
    }
}

extension Label: Digestible {
    func digest(into digest: inout Digest) {
        digest.add(id)
        digest.add(nodeId)
        digest.add(name)
        digest.add(color)
        digest.add(`default`)
        digest.add(description)
    }
}

extension Issue {
    private static let logins = ["octocat", "hubot", "mona-lisa", "defunkt", "mojombo", "pjhyett", "wycats", "ezmobius", "ivey", "evanphx"]
    private static let titleWords = [
        "crash", "when", "decoding", "large", "payloads", "timeout", "regression", "in", "the", "HTTP/2", "client", "leaks",
        "memory", "under", "load", "flaky", "test", "on", "Linux", "docs:", "typo", "café", "résumé", "naïve",
    ]
    private static let sentences = [
        "The client retries the request after the connection is reset, but the second attempt hangs forever.",
        "Steps to reproduce: run `bench load --rate 500 --duration 30s` against a \"slow\" endpoint and wait.",
        "I'd expect the decoder to reject the document; instead it returns a value with the wrong field — see below.",
        "Paths on Windows look like C:\\Users\\runner\\work\\courier and break the \"file://\" URL we build.",
        "This started after upgrading from 1.4.2 to 1.5.0 (naïve guess: the new connection pool).",
        "Tabs\tand other\tcontrol characters in headers are escaped as expected.",
        "Happens on macOS 15 and Ubuntu 24.04, Swift 6.3.1, both debug and release builds. 🚀",
        "Résumé of the discussion so far: the timeout is per attempt, not per request, and that is surprising.",
    ]
    private static let code = [
        "```swift\nlet client = Client(baseURL: URL(string: \"https://api.example.com\")!)\nlet user = try await client.send(GetUser(id: 42))\nprint(user.name)\n```",
        "```json\n{\"id\": 42, \"name\": \"Zoë\", \"tags\": [\"a\", \"b\\\\c\"]}\n```",
        "```\n$ swift test --filter CourierJSON\nerror: \"unexpected end of data\" at line 1, column 17\n```",
    ]
    private static let labelNames = ["bug", "enhancement", "documentation", "good first issue", "help wanted", "performance", "question"]
    private static let colors = ["d73a4a", "a2eeef", "0075ca", "7057ff", "008672", "e4e669", "d876e3"]

    /// `count` issues from a fixed seed.
    static func generate(count: Int) -> [Issue] {
        var random = SplitMix64(seed: 0x1551_0E5)
        let users = logins.enumerated().map { offset, login in User.generate(login: login, id: 1000 + offset * 37) }
        let epoch = 1_600_000_000
        return (0..<count).map { index in
            var body: [String] = []
            for paragraph in 0..<random.int(in: 6...12) {
                if paragraph % 4 == 3 {
                    body.append(random.element(of: code))
                } else {
                    body.append((0..<random.int(in: 1...3)).map { _ in random.element(of: sentences) }.joined(separator: " "))
                }
            }
            let created = epoch + random.int(in: 0...100_000_000)
            let updated = created + random.int(in: 0...5_000_000)
            let closed = random.bool(percentTrue: 40) ? updated + random.int(in: 0...1000) : nil
            let labels = (0..<random.int(in: 0...3)).map { _ in
                let which = random.int(in: 0...(labelNames.count - 1))
                return Label(
                    id: 200_000 + which, nodeId: "LA_kwDOA\(which)", name: labelNames[which], color: colors[which], default: which < 3,
                    description: which.isMultiple(of: 2) ? "Something about \(labelNames[which])" : nil)
            }
            let number = index + 1
            return Issue(
                id: 1_000_000 + index * 7, nodeId: "I_kwDOABCD\(index)", number: number,
                title: (0..<random.int(in: 3...9)).map { _ in random.element(of: titleWords) }.joined(separator: " "),
                user: random.element(of: users), labels: labels, state: closed == nil ? "open" : "closed",
                locked: random.bool(percentTrue: 5),
                assignee: random.bool(percentTrue: 30) ? random.element(of: users) : nil, comments: random.int(in: 0...40),
                createdAt: Date(timeIntervalSince1970: TimeInterval(created)),
                updatedAt: Date(timeIntervalSince1970: TimeInterval(updated)),
                closedAt: closed.map { Date(timeIntervalSince1970: TimeInterval($0)) },
                authorAssociation: random.element(of: ["OWNER", "MEMBER", "CONTRIBUTOR", "NONE"]),
                htmlUrl: "https://github.com/courier/courier/issues/\(number)", body: body.joined(separator: "\n\n"))
        }
    }
}

extension User {
    static func generate(login: String, id: Int) -> User {
        User(
            login: login, id: id, nodeId: "MDQ6VXNlcj\(id)", avatarUrl: "https://avatars.githubusercontent.com/u/\(id)?v=4",
            htmlUrl: "https://github.com/\(login)", type: "User", siteAdmin: id.isMultiple(of: 3))
    }
}
