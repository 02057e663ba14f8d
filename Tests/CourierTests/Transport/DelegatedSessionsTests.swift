import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The sessions Courier makes in place of sessions without a delegate: one per session, for as
/// long as that session lives. A registry of its own per test, so that parallel tests cannot see
/// each other's sessions.
@Suite struct DelegatedSessionsTests {
    @Test func oneMadeSessionPerSessionWithTheSameConfiguration() {
        let registry = DelegatedSessions()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 7
        let source = URLSession(configuration: configuration)
        let (made, delegate) = registry.session(for: source)
        #expect(registry.session(for: source).session === made)
        #expect(made.delegate === delegate)
        #expect(made.configuration.timeoutIntervalForRequest == 7)
        #expect(registry.count == 1)
        withExtendedLifetime(source) {}
    }

    @Test func aMadeSessionIsLetGoOnceItsSessionIsGone() {
        let registry = DelegatedSessions()
        do {
            let temporary = URLSession(configuration: .ephemeral)
            _ = registry.session(for: temporary)
            #expect(registry.count == 1)
        }
        let lasting = URLSession(configuration: .ephemeral)
        _ = registry.session(for: lasting)
        #expect(registry.count == 1, "the first session is gone: its made session was released")
        withExtendedLifetime(lasting) {}
    }
}
