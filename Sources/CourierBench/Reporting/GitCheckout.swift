import Foundation

/// What git says about the checkout the bench runs in: the commit and branch a run measures.
///
/// Each is asked once per process, on first use: the checkout does not change under a running
/// bench, and every question is a child process whose wait holds a thread of the concurrency pool
/// (a process running load scenarios one after another asked git for each report).
enum GitCheckout {
    /// `git rev-parse HEAD` in the working directory; `nil` outside a checkout or without git.
    static let commit: String? = git("rev-parse", "HEAD")

    /// The current branch; `nil` outside a checkout, without git, or on a detached head (as CI
    /// checks out a pull request), where `--branch` says it.
    static let branch: String? = git("rev-parse", "--abbrev-ref", "HEAD").flatMap { $0 == "HEAD" ? nil : $0 }

    /// What `git arguments…` prints, trimmed; `nil` when it fails or prints nothing.
    private static func git(_ arguments: String...) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
