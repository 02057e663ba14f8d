import BenchmarkEngine
import Foundation

extension Report.Environment {
    /// The environment of this process: the build, the machine and the checkout it runs in.
    static func current(toolVersion: String, allocator: String?) -> Report.Environment {
        #if DEBUG
        let configuration = "debug"
        #else
        let configuration = "release"
        #endif
        var environment = Report.Environment(
            toolVersion: toolVersion,
            gitCommit: gitCommit(),
            swiftVersion: swiftVersion,
            operatingSystem: Platform.operatingSystem,
            cpuModel: Platform.cpuModel,
            cpuCount: Platform.cpuCount,
            jemallocLinked: allocator != nil,
            allocator: allocator,
            buildConfiguration: configuration
        )
        environment.hostName = Platform.hostName
        return environment
    }

    private static var swiftVersion: String {
        #if compiler(>=6.4)
        ">= 6.4"
        #elseif compiler(>=6.3)
        "6.3"
        #elseif compiler(>=6.2)
        "6.2"
        #else
        "< 6.2"
        #endif
    }

    /// `git rev-parse HEAD` in the working directory; `nil` outside a checkout or without git.
    private static func gitCommit() -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "rev-parse", "HEAD"]
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
        let commit = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return commit.isEmpty ? nil : commit
    }
}
