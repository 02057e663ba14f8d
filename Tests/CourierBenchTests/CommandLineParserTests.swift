import Testing

@testable import CourierBench

/// The parser reads options by their declarations: their defaults when absent, the last value of
/// one given twice, every value of a repeatable one; a bad value is a usage error with the usage.
@Suite struct CommandLineParserTests {
    static let count = OptionDeclaration("count", value: .integer(in: 1...10), default: 3, valueName: "<n>", help: "How many.")
    static let name = OptionDeclaration("name", value: .text(), valueName: "<name>", help: "A name.")
    static let tag = OptionDeclaration(repeating: "tag", value: .text(), valueName: "<tag>", help: "A tag; repeat for more.")
    static let verbose = OptionDeclaration(flag: "verbose", help: "Says more.")
    static let parser = CommandLineParser(options: [count, name, tag, verbose], positionals: 1, usage: "USAGE: probe")

    @Test func absentOptionsHaveTheirDefaults() throws {
        let parsed = try Self.parser.parse([])
        #expect(try parsed.value(of: Self.count) == 3)
        #expect(try parsed.value(of: Self.name) == nil)
        #expect(try parsed.value(of: Self.tag) == [])
        #expect(try parsed.value(of: Self.verbose) == false)
        #expect(!parsed.contains(Self.count))
    }

    @Test func givenOptionsAreReadInBothSpellings() throws {
        let parsed = try Self.parser.parse(["--count=4", "--count", "5", "--tag", "a", "--tag=b", "--verbose", "file", "--name", "x"])
        #expect(try parsed.value(of: Self.count) == 5)
        #expect(parsed.text(of: Self.count) == "5")
        #expect(try parsed.value(of: Self.tag) == ["a", "b"])
        #expect(try parsed.value(of: Self.verbose) && parsed.positionals == ["file"])
        #expect(try parsed.value(of: Self.name) == "x")
    }

    @Test func aBadValueIsAUsageErrorCarryingTheUsage() throws {
        let parsed = try Self.parser.parse(["--count", "11"])
        #expect(throws: UsageError(message: "invalid value '11' for '--count' (expected an integer from 1 to 10)", usage: "USAGE: probe")) {
            try parsed.value(of: Self.count)
        }
    }

    @Test(arguments: [
        (["--cuont", "2"], "unknown option '--cuont' (did you mean '--count'?)"),
        (["--zzzzzz"], "unknown option '--zzzzzz'"),
        (["--count"], "missing value for '--count'"),
        (["--name", "--verbose"], "missing value for '--name'"),
        (["--verbose=yes"], "'--verbose' takes no value"),
        (["a", "b"], "unexpected argument 'b'"),
        (["-x"], "unexpected argument '-x'"),
    ])
    func mistakesAreNamed(arguments: [String], message: String) {
        #expect(throws: UsageError(message: message, usage: "USAGE: probe")) { try Self.parser.parse(arguments[...]) }
    }
}
