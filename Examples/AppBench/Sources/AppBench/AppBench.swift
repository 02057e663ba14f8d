import CourierBench
import Foundation
import IssuesClient

/// The app's bench: its own endpoints, models and captured payloads, measured with Courier's.
@main struct AppBench: BenchMain {
    static let page = PayloadSource.resource("Fixtures/issues-page.json", in: .module)
    static let issues = ListIssues(owner: "acme", repo: "rocket", labels: ["bug", "crash"], page: 2)
    static let report = CreateIssue(
        owner: "acme", repo: "rocket", draft: .init(title: "Crash on launch", body: "Steps: open the app.", labels: ["bug"]))

    static let suite = BenchSuite(
        tool: "appbench",
        scenarios: [
            .decode("decode/issues-page", as: [Issue].self, from: page, decoder: GitHub.decoder),
            .decode("decode/issue", as: Issue.self, from: .resource("Fixtures/issue.json", in: .module), decoder: GitHub.decoder),
            .build("build/list-issues", issues, against: GitHub.baseURL),
            .build("build/create-issue", report, against: GitHub.baseURL, encoder: GitHub.encoder),
            .roundTrip("roundtrip/issues-page/in-memory", sending: issues, with: GitHub.client(), over: .inMemory(answering: page)),
            .roundTrip(
                "roundtrip/issues-page/urlsession", sending: issues, with: GitHub.client(), over: .urlProtocolStub(answering: page),
                loop: .open(rate: 200, concurrency: 8)),
            .custom("custom/triage-page", setUp: { try GitHub.decoder.decode([Issue].self, from: page.data()) }) { issues in
                blackHole(Triage(issues).needingAttention)
            },
        ], models: [ResponseModel("issues", [Issue].self, decoder: GitHub.decoder)])
}
