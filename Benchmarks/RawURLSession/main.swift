// A closed loop of URLSession requests and nothing else: the yardstick that says what Foundation's
// URLSession itself does on this machine, so that bench's URLSession transport (the Courier client
// over URLSession) can be judged against it rather than against wrk. Build and run:
//
//   swiftc -O Benchmarks/RawURLSession/main.swift -o /tmp/raw-urlsession
//   /tmp/raw-urlsession URL CONCURRENCY SECONDS
//
// Prints one line: requests=<2xx answers> errors=<other> seconds=<elapsed> rps=<requests per second>.
// Exit status 64 on bad arguments, 1 when no request succeeded.
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

let arguments = CommandLine.arguments
guard arguments.count == 4, let url = URL(string: arguments[1]), let concurrency = Int(arguments[2]), (1...4096).contains(concurrency),
    let seconds = Double(arguments[3]), seconds > 0, seconds <= 600
else {
    FileHandle.standardError.write(Data("usage: raw-urlsession URL CONCURRENCY(1-4096) SECONDS(0-600]\n".utf8))
    exit(64)
}

// As bench's URLSession transport makes its session: ephemeral, no cache, a connection per worker.
let configuration = URLSessionConfiguration.ephemeral
configuration.httpMaximumConnectionsPerHost = concurrency
configuration.urlCache = nil
configuration.timeoutIntervalForRequest = 10
let session = URLSession(configuration: configuration)

let start = ContinuousClock.now
let deadline = start + .seconds(seconds)
let (succeeded, failed) = await withTaskGroup(of: (Int, Int).self) { group in
    for _ in 0..<concurrency {
        group.addTask {
            var counts = (0, 0)
            while ContinuousClock.now < deadline {
                if let (_, response) = try? await session.data(from: url), let http = response as? HTTPURLResponse,
                    (200..<300).contains(http.statusCode)
                {
                    counts.0 += 1
                } else {
                    counts.1 += 1
                }
            }
            return counts
        }
    }
    return await group.reduce((0, 0)) { ($0.0 + $1.0, $0.1 + $1.1) }
}
let elapsed = ContinuousClock.now - start
let elapsedSeconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
print(String(format: "requests=%d errors=%d seconds=%.3f rps=%.1f", succeeded, failed, elapsedSeconds, Double(succeeded) / elapsedSeconds))
exit(succeeded > 0 ? 0 : 1)
