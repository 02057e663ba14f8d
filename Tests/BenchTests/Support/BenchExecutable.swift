import Foundation

/// The `bench` executable SwiftPM built with these tests, beside the test runner: the tests that must
/// see a whole process (its exit status, its descriptors, its memory) run it.
let benchExecutable: URL = {
    #if os(Linux)
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("bench")
    #else
    Bundle(for: BundleMarker.self).bundleURL.deletingLastPathComponent().appendingPathComponent("bench")
    #endif
}()

#if !os(Linux)
/// A class of this bundle, to find where the executables were built.
private final class BundleMarker {}
#endif
