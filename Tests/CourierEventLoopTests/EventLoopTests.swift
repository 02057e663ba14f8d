#if os(Linux)
import CourierEventLoop
import CourierSystem
import Glibc
import Synchronization
import Testing

/// A loop hands its driver every command, ready descriptor and timer on one thread, runs the jobs
/// of tasks that prefer it there, and tears the driver down on that thread when asked.
@Suite struct EventLoopTests {
    /// What a test driver saw, from the loop's thread.
    final class Record: Sendable {
        let events = Mutex<[String]>([])
        let threads = Mutex<Set<UInt>>([])

        func note(_ event: String) {
            events.withLock { $0.append(event) }
            threads.withLock { _ = $0.insert(UInt(bitPattern: Int(pthread_self()))) }
        }
    }

    enum Command: Sendable {
        case watch(Int32)
        case wake(afterMilliseconds: UInt64)
        case say(String, UnsafeContinuation<Void, Never>)
    }

    final class Driver: EventLoopDriver {
        let io: EventLoopIO
        let record: Record

        init(io: EventLoopIO, record: Record) {
            self.io = io
            self.record = record
        }

        func receive(_ command: Command) {
            switch command {
            case .watch(let descriptor):
                io.watch(descriptor, for: Posix.readable, isNew: true)
            case .wake(let milliseconds):
                io.wake(at: Posix.monotonicNanoseconds() + milliseconds * 1_000_000)
            case .say(let words, let continuation):
                record.note(words)
                continuation.resume()
            }
        }

        func ready(_ descriptor: Int32, events: UInt32) {
            Posix.drain(pipe: descriptor)
            record.note("ready")
            io.unwatch(descriptor)
        }

        func timerFired() {
            record.note("timer")
        }

        func tearDown() {
            record.note("tearDown")
        }
    }

    private func withLoop(_ body: (EventLoop<Driver>, Record) async throws -> Void) async throws {
        let record = Record()
        let loop = try EventLoop<Driver>(name: "test loop") { Driver(io: $0, record: record) }
        try await body(loop, record)
        await loop.shutdown()
    }

    @Test func commandsRunInOrderOnTheLoopsThread() async throws {
        try await withLoop { loop, record in
            for word in ["one", "two", "three"] {
                await withUnsafeContinuation { #expect(loop.post(.say(word, $0))) }
            }
            #expect(record.events.withLock { $0 } == ["one", "two", "three"])
            #expect(record.threads.withLock { $0.count } == 1)
        }
    }

    @Test func aWatchedDescriptorIsHandedToTheDriver() async throws {
        try await withLoop { loop, record in
            let pipe = try Posix.makePipe()
            defer { [pipe.read, pipe.write].forEach(Posix.close) }
            await withUnsafeContinuation { #expect(loop.post(.say("watching", $0))) }
            #expect(loop.post(.watch(pipe.read)))
            Posix.signal(pipe: pipe.write)
            // The driver notes "ready" when epoll reports the pipe; poll the record until then
            // with a bound, since nothing else says when the loop has seen it.
            var seen = false
            for _ in 0..<500 where !seen {
                seen = record.events.withLock { $0.contains("ready") }
                if !seen { try await Task.sleep(for: .milliseconds(2)) }
            }
            #expect(seen)
        }
    }

    @Test func theTimerFiresAtItsDeadline() async throws {
        try await withLoop { loop, record in
            let start = ContinuousClock.now
            #expect(loop.post(.wake(afterMilliseconds: 20)))
            var fired = false
            for _ in 0..<1000 where !fired {
                fired = record.events.withLock { $0.contains("timer") }
                if !fired { try await Task.sleep(for: .milliseconds(1)) }
            }
            #expect(fired)
            #expect(ContinuousClock.now - start >= .milliseconds(20))
        }
    }

    @Test func tasksThatPreferTheLoopRunOnItsThread() async throws {
        try await withLoop { loop, record in
            await withUnsafeContinuation { #expect(loop.post(.say("loop", $0))) }
            let loopThread = try #require(record.threads.withLock { $0.first })
            let taskThread = await Task(executorPreference: loop.executor) {
                UInt(bitPattern: Int(pthread_self()))
            }.value
            #expect(taskThread == loopThread)
        }
    }

    @Test func shutdownTearsTheDriverDownAndRefusesWhatComesAfter() async throws {
        let record = Record()
        let loop = try EventLoop<Driver>(name: "test loop") { Driver(io: $0, record: record) }
        await loop.shutdown()
        #expect(record.events.withLock { $0 } == ["tearDown"])
        #expect(!loop.post(.wake(afterMilliseconds: 1)), "nothing is accepted after shutdown")
        // A job for a loop that is gone runs on the global executor instead of being lost.
        let ran = await Task(executorPreference: loop.executor) { true }.value
        #expect(ran)
        await loop.shutdown()
    }
}
#endif
