import BenchmarkEngine
import Foundation
import Testing

@testable import CourierBench

/// What a crashed worker left on standard error becomes one line and a kept file.
@Suite struct CrashLogTests {
    /// The start of what Swift 6 prints on Linux for a force-unwrapped `nil`, with the register
    /// dump whose memory-as-text column holds the same words mid-line.
    private let trapped = """
        warning: something the scenario said before
        App/Decode.swift:17: Fatal error: Unexpectedly found nil while unwrapping an Optional value

        *** Signal 4: Backtracing from 0x7f5984d6df7f... done ***

        *** Program crashed: Illegal instruction at 0x00007f5984d6df7f ***

        rsi 0x00007f9643eaf000  46 61 74 61 6c 20 65 72 72 6f 72 3a 20 55 6e 65  Fatal error: Une
        Thread 1 "oot.default-qos" crashed:
        """

    @Test func theMessageIsTheRuntimesLineNotTheRegisterDump() {
        let crash = CrashLog(name: "decode/x", ending: "crashed with SIGILL", standardError: Data(trapped.utf8))
        #expect(crash.message == "App/Decode.swift:17: Fatal error: Unexpectedly found nil while unwrapping an Optional value")
    }

    @Test(
        arguments: [
            ("Precondition failed: the count is positive", "Precondition failed: the count is positive"),
            ("/Users/a b/App.swift:3: Assertion failed: sorted", "/Users/a b/App.swift:3: Assertion failed: sorted"),
            (
                "*** Program crashed: Segmentation fault at 0x0000000000000008 ***",
                "Program crashed: Segmentation fault at 0x0000000000000008"
            ),
            ("a log line that mentions a Fatal error: in passing", nil),
            ("", nil),
        ] as [(String, String?)])
    func theMessageIsTheRuntimesOrTheBacktracersLine(text: String, message: String?) {
        #expect(CrashLog(name: "decode/x", ending: "crashed with SIGSEGV", standardError: Data(text.utf8)).message == message)
    }

    @Test func theWholeTextIsKeptUnderTheRunDirectoryAndNamed() throws {
        let run = temporaryDirectory("crash")
        defer { try? FileManager.default.removeItem(at: run) }
        let failure = CrashLog(name: "decode/x", ending: "crashed with SIGILL", standardError: Data(trapped.utf8)).keep(in: run)
        #expect(
            failure
                == ScenarioFailure(
                    name: "decode/x", cause: .crashed,
                    reason:
                        "its process crashed with SIGILL: App/Decode.swift:17: Fatal error: Unexpectedly found nil while unwrapping an Optional value",
                    log: "failures/decode/x.log"
                ))
        #expect(try String(contentsOf: run.appendingPathComponent("failures/decode/x.log"), encoding: .utf8) == trapped)
        #expect(failure.consoleLine(runDirectory: run).hasSuffix("; its standard error and backtrace: \(run.path)/failures/decode/x.log\n"))
    }

    @Test func aProcessThatSaidNothingOrALogThatCannotBeWrittenLeavesNoLog() throws {
        let run = temporaryDirectory("crash")
        defer { try? FileManager.default.removeItem(at: run) }
        let silent = CrashLog(name: "decode/x", ending: "exited with status 3", standardError: Data()).keep(in: run)
        #expect(silent == ScenarioFailure(name: "decode/x", cause: .crashed, reason: "its process exited with status 3"))
        #expect(!FileManager.default.fileExists(atPath: run.path))

        // A file where the run directory should be: the failure stands, without its log.
        try Data().write(to: run)
        let unkept = CrashLog(name: "decode/x", ending: "crashed with SIGILL", standardError: Data(trapped.utf8)).keep(in: run)
        #expect(unkept.log == nil)
        #expect(unkept.reason.hasPrefix("its process crashed with SIGILL: App/Decode.swift:17: Fatal error"))
        #expect(unkept.consoleLine(runDirectory: run) == "error: scenario decode/x failed: \(unkept.reason)\n")
    }
}
