extension Report.Environment {
    /// ``buildConfiguration`` of a debug build.
    public static let debugBuild = "debug"
    /// ``buildConfiguration`` of a release build.
    public static let releaseBuild = "release"

    /// Whether a debug build made the figures: unoptimized code, whose times, counts and even
    /// allocations are not a release build's (`build/bare-path` measured 1.88× `URLComponents` in
    /// debug against 18× in release), so nothing compares it with a release run unless told to.
    public var isDebugBuild: Bool { buildConfiguration == Self.debugBuild }

    /// The warning every report of a debug build carries, on its first line; `nil` for a release build.
    public var debugBuildWarning: String? { Self.debugBuildWarning(buildConfiguration) }

    /// The warning of a build in `configuration`; `nil` unless it is a debug build.
    public static func debugBuildWarning(_ configuration: String) -> String? {
        configuration == debugBuild
            ? "Warning: measured by a debug build. Its figures are not a release build's; build with '-c release' (swift run -c release …)."
            : nil
    }
}
