import BenchmarkEngine

/// The build this executable is: SwiftPM builds a package's dependencies in the configuration of the
/// product, so CourierBench's `DEBUG` is the bench executable's.
enum BuildConfiguration {
    /// `debug` or `release`, as reports record it.
    static var current: String {
        #if DEBUG
        Report.Environment.debugBuild
        #else
        Report.Environment.releaseBuild
        #endif
    }
}

/// A comparison of a debug build's run with a release build's, refused: the debug figures would pass
/// for (or fail against) optimized ones. `--allow-debug` accepts it. Exits 64, nothing judged.
public struct DebugBuildError: Error, Equatable, CustomStringConvertible {
    /// What was to be judged, and what against.
    public let judged: String
    /// The run or runs it was to be judged against.
    public let against: String

    /// A refusal to judge `judged` against `against`.
    public init(judged: String, against: String) {
        self.judged = judged
        self.against = against
    }

    /// One line: what, against what, and the two ways out.
    public var description: String {
        "refusing to judge \(judged), measured by a debug build, against \(against), measured by a release build: "
            + "build with '-c release' (swift run -c release …) or pass '--allow-debug'"
    }
}
