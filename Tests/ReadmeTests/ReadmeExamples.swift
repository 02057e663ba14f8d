// The ```swift blocks of README.md, word for word, each wrapped in what it needs to compile, and
// what the examples of every file of this target take for granted; `ReadmeMirrorTests` fails when
// a block of the README or of a DocC article is in none of this target's files.
//
// The README's tour shows blocks of the articles: those are mirrored once, in the article's own
// file (GettingStartedExamples.swift for Sources/Courier/Documentation.docc/GettingStarted.md, and
// so on), and found there. A block only the README shows goes here.
//
// To add or change an example: change it in the document, then paste the block unchanged into the
// document's mirror file (in a function of its own when it holds statements, indented as a whole if
// you like; at file level when it declares types), and add what it takes for granted (its types,
// its variables as the function's parameters) to the support section below. A block's `import`
// lines are matched on their own, since imports must stay at the top of the file. Then run
// `swift test --filter ReadmeTests`.

import Courier
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// MARK: - Support: what the examples take for granted

struct Movie: Codable, Equatable, Sendable {
    let id: Int
    let title: String
}

struct Login: Encodable, Sendable {
    let user: String
    let password: String
}

struct DeleteMovie: Endpoint {
    typealias Response = Empty
    let id: Int
    var path: String { "movies/\(id)" }
    var method: String { "DELETE" }
}

struct MovieDetail: Endpoint {
    typealias Response = Movie
    var path: String { "movies/1" }
}

struct Feed: Endpoint {
    struct Page: Decodable {
        let entries: [String]
        let next: String?
    }

    typealias Response = Page
    let after: String?
    var path: String { "feed" }
    var query: [String: String] { after.map { ["after": $0] } ?? [:] }
}

struct Repositories: Endpoint {
    typealias Response = [String]
    var path: String { "repositories" }
}

struct RefreshToken: Endpoint {
    struct Tokens: Decodable {
        let accessToken: String
        let expiry: Date?
    }

    typealias Response = Tokens
    let refreshToken: String
    var path: String { "token" }
    var method: String { "POST" }
}

/// Where an app keeps its refresh token.
struct Keychain: Sendable {
    let refreshToken: String
}

/// An app's sign-in flow, which can get a new credential for a refused one.
struct SignInService: Sendable {
    func refresh(_ rejected: Credential?) async throws -> Credential {
        Credential(token: "new")
    }
}

func show<Value>(_ value: Value) {}
func showEmpty() {}
func log(_ items: Any?...) {}
func retryLater(_ code: URLError.Code?) {}
