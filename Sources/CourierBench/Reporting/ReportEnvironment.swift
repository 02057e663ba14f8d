import BenchmarkEngine
import Foundation

extension Report.Environment {
    /// The environment of this process: the build, the machine and the checkout it runs in.
    static func current(toolVersion: String, allocator: String?) -> Report.Environment {
        var environment = Report.Environment(
            toolVersion: toolVersion,
            gitCommit: GitCheckout.commit,
            swiftVersion: swiftVersion,
            operatingSystem: Platform.operatingSystem,
            cpuModel: Platform.cpuModel,
            cpuCount: Platform.cpuCount,
            jemallocLinked: allocator != nil,
            allocator: allocator,
            buildConfiguration: BuildConfiguration.current
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
}
