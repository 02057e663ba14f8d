import Foundation
import Testing

@testable import CourierBench

/// The completion scripts name every command and every declared option, and bash reads its own.
@Suite struct CompletionScriptTests {
    @Test(arguments: CompletionScript.Shell.allCases)
    func everyCommandAndOptionIsCompleted(shell: CompletionScript.Shell) {
        let script = CompletionScript.script(for: shell, of: testSuite)
        for command in testSuite.commands {
            #expect(script.contains("\(command.name))"), "\(shell) \(command.name)")
            for option in command.declaration(in: testSuite).options {
                #expect(script.contains("--\(option.name)"), "\(shell) \(command.name) --\(option.name)")
            }
        }
        #expect(script.contains("tinyObject"), "the suite's models complete '--decode'")
        #expect(!script.contains("__scenario-worker"))
    }

    @Test func theBashScriptIsValidBash() async throws {
        let file = temporaryDirectory("completion").appendingPathExtension("bash")
        try CompletionScript.script(for: .bash, of: testSuite).write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let bash = Process()
        bash.executableURL = URL(fileURLWithPath: "/bin/bash")
        bash.arguments = ["-n", file.path]
        let output = Pipe()
        bash.standardOutput = output
        try bash.run()
        _ = await outputToEnd(of: bash, from: output)
        #expect(bash.terminationStatus == 0)
    }

    @Test func theCommandPrintsAScriptForEachShellAndRefusesOthers() async throws {
        #expect(try testSuite.command(["completion", "zsh"], as: CompletionCommand.self) == CompletionCommand(shell: .zsh))
        #expect(testSuite.usageMessage(["completion", "fish"]) == "unknown shell 'fish' (expected bash or zsh)")
        #expect(testSuite.usageMessage(["completion"]) == "missing <shell> (bash or zsh)")
        #expect(await testSuite.status(["completion", "fish"]) == 64)
    }
}
