import CourierSystem
import Foundation

// Tests run as tasks on Swift's cooperative threads, one per core: two on this project's CI. A test
// that blocks one waiting for a child process (to start Python, to shut down) stalls every other
// test's requests queued behind it, which then fail as timeouts. So waits on child processes
// happen on a thread of their own, or not at all.

/// What `process` writes to `output` until it ends, read on a thread of its own.
func outputToEnd(of process: Process, from output: Pipe) async -> Data {
    await onOwnThread {
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }
}

/// Everything written to `pipe` until its writers close it, as text, read on a thread of its own.
func textToEnd(of pipe: Pipe) async -> String {
    await onOwnThread { String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
}

/// Ends `process` with SIGKILL, which no handler delays, and waits the moment its end takes.
func stopAtOnce(_ process: Process) {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
}
