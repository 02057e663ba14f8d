import Foundation
import Testing

@testable import CourierFixtureServer

/// Routes behind a fixed number of virtual workers: the ground truth of a capacity search.
@Suite(.timeLimit(.minutes(1))) struct CapacityRouteTests {
    private static let millisecond: UInt64 = 1_000_000

    /// Two workers of 10 ms: requests arriving together are served two at a time; a request
    /// arriving when a worker is free waits for nobody.
    @Test func requestsQueueForTheWorkersFirstComeFirstServed() {
        var queue = ServiceQueue(FixtureCapacity(workers: 2, serviceTime: .milliseconds(10)))
        let start: UInt64 = 1_000 * Self.millisecond
        let finishes = (0..<5).map { _ in queue.admit(at: start) }
        #expect(finishes == [10, 10, 20, 20, 30].map { start + $0 * Self.millisecond })
        #expect(queue.admit(at: start + 100 * Self.millisecond) == start + 110 * Self.millisecond, "the queue has drained")
    }

    /// Routes sharing a pool queue for the same workers, each request keeping its worker for its own
    /// route's service time, first come first served.
    @Test func routesOfOnePoolShareItsWorkers() {
        let short = FixtureCapacity(workers: 2, serviceTime: .milliseconds(10), pool: "api")
        let long = FixtureCapacity(workers: 2, serviceTime: .milliseconds(40), pool: "api")
        var queue = ServiceQueue(short)
        let start: UInt64 = 1_000 * Self.millisecond
        let finishes = [long, short, short, short, long].map { queue.admit(at: start, for: $0) }
        // Worker 1 takes the long request until 40; worker 2 the shorts at 10, 20, 30; the last long
        // starts at 40 on whichever frees first (worker 2 at 30).
        #expect(finishes == [40, 10, 20, 30, 70].map { start + $0 * Self.millisecond })
    }

    /// Workers with a contention and a coherency cost: requests arriving together each take the
    /// service time stretched by the requests in service when it starts, itself included, as the
    /// Universal Scalability Law says; one arriving alone takes the plain service time.
    @Test func aScalabilityCostStretchesEachRequestByTheRequestsInService() {
        var queue = ServiceQueue(FixtureCapacity(workers: 100, serviceTime: .milliseconds(10), contention: 0.05, coherency: 0.002))
        let start: UInt64 = 1_000 * Self.millisecond
        let durations = (0..<4).map { _ in queue.admit(at: start) - start }
        // n = 1, 2, 3, 4: 10 ms × (1 + 0.05(n − 1) + 0.002n(n − 1)).
        #expect(durations == [10_000_000, 10_540_000, 11_120_000, 11_740_000])
        #expect(queue.admit(at: start + 20 * Self.millisecond) == start + 30 * Self.millisecond, "all four are done by then")
        let standard = FixtureServer.standardScalability
        #expect(FixtureServer.standardRoutes["/scalability"]?.capacity == standard)
        #expect(standard.contention == 0.05 && standard.coherency == 0.002 && standard.workers == 1_000)
        let clamped = FixtureCapacity(workers: 1, serviceTime: .milliseconds(1), contention: -1, coherency: .nan)
        #expect(clamped.contention == 0 && clamped.coherency == 0)
    }

    @Test func aMixOfAPoolsRoutesHasTheCapacityOfItsMeanServiceTime() throws {
        let mix = FixtureServer.standardMix
        let capacities = try ["/mix/list", "/mix/detail", "/mix/search", "/mix/write"].map { try #require(mix[$0]) }
        let capacity = try #require(FixtureCapacity.requestsPerSecond(of: capacities, weights: [70, 20, 8, 2]))
        #expect(abs(capacity - 4 / 0.0017) < 1e-6)
        #expect(FixtureCapacity.requestsPerSecond(of: capacities, weights: [1]) == nil)
        #expect(FixtureCapacity.requestsPerSecond(of: [], weights: []) == nil)
        #expect(FixtureServer.standardRoutes["/mix/search"]?.capacity?.pool == "mix")
    }

    /// At the true capacity, evenly spaced arrivals never wait; 10% above it, the wait grows by a
    /// tenth of the service time with every arrival beyond the workers'.
    @Test func latencyStaysFlatUpToTheCapacityAndClimbsBeyondIt() {
        let capacity = FixtureCapacity(workers: 4, serviceTime: .milliseconds(10))
        #expect(capacity.requestsPerSecond == 400)
        for (rate, waits) in [(400.0, false), (440.0, true)] {
            var queue = ServiceQueue(capacity)
            let spacing = UInt64(1e9 / rate)
            let latencies = (0..<400).map { index -> UInt64 in
                let arrival = UInt64(index) * spacing
                return queue.admit(at: arrival) - arrival
            }
            #expect((latencies.max()! > 10 * Self.millisecond) == waits, "\(rate)/s")
            if waits { #expect(latencies.last! > 100 * Self.millisecond) }
        }
        #expect(FixtureCapacity(workers: 0, serviceTime: .zero).workers == 1)
        #expect(FixtureCapacity(workers: 1, serviceTime: .zero).requestsPerSecond == .infinity)
    }

    /// Six requests at once to a route of two 150 ms workers: two answered after 150 ms, two after
    /// 300, two after 450 — never sooner, over real sockets.
    @Test func theServerAnswersWhenEachRequestsTurnIsOver() async throws {
        let route = FixtureRoute.json(#"{"ok":true}"#).with(capacity: FixtureCapacity(workers: 2, serviceTime: .milliseconds(150)))
        let server = try FixtureServer.start(FixtureServer.Configuration(routes: ["/queued": route]))
        defer { server.stop() }
        let port = server.port
        // Sent no earlier than this, so no turn can end sooner than a multiple of 150 ms after it.
        let sent = Date()
        let times = await withTaskGroup(of: Double.self) { group in
            for _ in 0..<6 {
                group.addTask {
                    let connection = RawConnection(port: port)
                    connection?.send("GET /queued HTTP/1.1\r\nHost: x\r\n\r\n")
                    let response = await connection?.receiveResponse() ?? ""
                    return response.hasPrefix("HTTP/1.1 200") ? Date().timeIntervalSince(sent) : -1
                }
            }
            return await group.reduce(into: []) { $0.append($1) }.sorted()
        }
        #expect(times.count == 6)
        for (index, time) in times.enumerated() {
            let turn = Double(index / 2 + 1) * 0.15
            #expect(time >= turn - 0.002, "response \(index) after \(time) s, its turn ends at \(turn) s")
        }
        #expect(server.requestCount("/queued") == 6)
    }

    @Test func theStandardCapacityRouteServes400ASecond() {
        #expect(FixtureServer.standardRoutes["/capacity"]?.capacity == FixtureServer.standardCapacity)
        #expect(FixtureServer.standardCapacity.requestsPerSecond == 400)
    }
}
