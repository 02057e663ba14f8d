#if COURIER_CURL
import Courier
import CourierCurl
import Foundation
import Synchronization
import Testing

/// The reactors as task executors: a task that prefers one runs on its thread, sends through it, is
/// resumed there when its answer comes, and still runs after the transport has shut down.
@Suite(.serialized, .enabled(if: Nginx.unavailableReason == nil, "\(Nginx.unavailableReason ?? "")"), .timeLimit(.minutes(1)))
struct ReactorExecutorTests {
    /// The calling thread, as the system knows it.
    private static var thread: UInt {
        UInt(pthread_self())
    }

    /// The transfer observer runs on the reactor thread, so the threads it saw are the reactors'. Of
    /// two reactors, the task's own carries every one of its transfers: none goes to the other.
    @Test func aTaskThatPrefersAReactorRunsAndResumesOnItsThread() async throws {
        try await withNginx { server in
            let reactorThreads = Mutex<Set<UInt>>([])
            let transport = try CurlTransport(configuration: CurlConfiguration(reactorCount: 2)) { _ in
                reactorThreads.withLock { _ = $0.insert(Self.thread) }
            }
            #expect(transport.executors.count == 2)
            let callerThreads = try await withTaskExecutorPreference(transport.executors[1]) { () async throws -> Set<UInt> in
                var threads: Set = [Self.thread]
                for _ in 0..<20 {
                    #expect(try await transport.fetch(server.origin + "/hello").0.statusCode == 200)
                    threads.insert(Self.thread)
                }
                return threads
            }
            await transport.shutdown()
            #expect(reactorThreads.withLock { $0 }.count == 1)
            #expect(callerThreads == reactorThreads.withLock { $0 }, "the caller ran, and was resumed, on the reactor thread alone")
        }
    }

    @Test func afterShutdownItsTasksStillRun() async throws {
        let transport = try CurlTransport()
        await transport.shutdown()
        let failure = await withTaskExecutorPreference(transport.executors[0]) {
            await transport.failure("http://127.0.0.1:9/x")
        }
        #expect(failure == .cancelled)
    }
}
#endif
