// The ```swift blocks of Sources/CourierTesting/Documentation.docc/TestingWithoutAServer.md,
// word for word, each wrapped in what it needs to compile, so that the article's examples cannot
// drift from the API: `ReadmeMirrorTests` fails when a block of the article is in none of this
// target's files.
//
// To add or change an example: change it in the article, then paste the block here unchanged (in a
// function of its own when it holds statements, at file level when it declares types) and add what
// it takes for granted to the support section of ReadmeExamples.swift. Then run
// `swift test --filter ReadmeTests`.

import Courier
import CourierTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Test func showsTheFirstPage() async throws {
    let server = StubServer()
    server.route("GET", "/movies", query: ["page": "1"], .json(#"[{"id":1,"title":"Alien"}]"#))
    server.route("GET", "/slow", StubResponse.status(200).delayed(by: .seconds(2)))
    server.route("GET", "/down", .failure(.cannotConnectToHost))

    let client = APIClient(baseURL: server.baseURL, session: server.session)  // through URLSession
    // or APIClient(baseURL: server.baseURL, transport: server.transport)       // in memory, faster
    #expect(try await client.send(Movies(page: 1)) == [Movie(id: 1, title: "Alien")])
    #expect(server.requests.first?.url.hasSuffix("/movies?page=1") == true)
}
