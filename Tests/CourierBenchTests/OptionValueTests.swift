import Testing

@testable import CourierBench

/// Each kind of value reads what it should, refuses the rest in the usual words, states its range
/// and writes a default back as an option takes it.
@Suite struct OptionValueTests {
    @Test func integersAreReadWithinTheirRange() throws {
        let value = OptionValue.integer(in: 1...4096)
        #expect(try value.parse("4096", for: "concurrency") == 4096)
        #expect(value.range == "1–4096")
        #expect(throws: InvalidValue("invalid value '0' for '--concurrency' (expected an integer from 1 to 4096)")) {
            try value.parse("0", for: "concurrency")
        }
        #expect(throws: InvalidValue.self) { try value.parse("1.5", for: "concurrency") }
    }

    @Test func numbersStateTheirBoundsWithoutATrailingFraction() throws {
        let value = OptionValue.number(in: 0.001...1_000_000, what: "requests per second")
        #expect(try value.parse("2.5", for: "rate") == 2.5)
        #expect(value.range == "0.001–1000000" && value.describe(100_000) == "100000")
        #expect(throws: InvalidValue("invalid value 'nan' for '--rate' (expected requests per second from 0.001 to 1000000)")) {
            try value.parse("nan", for: "rate")
        }
    }

    @Test(arguments: [("10s", 10.0), ("500ms", 0.5), ("2m", 120), ("1h", 3600), ("1.5", 1.5)])
    func durationsReadTheirUnits(text: String, seconds: Double) throws {
        #expect(try OptionValue.duration().parse(text, for: "duration") == seconds)
    }

    @Test func durationsRefuseWhatIsOutsideTheirRangeAndTakeZeroOnlyWhenItStartsThere() throws {
        let interval = OptionValue.duration(in: 0.1...3600, examples: "1s or 500ms")
        #expect(interval.range == "100ms–1h")
        #expect(throws: InvalidValue("invalid value '50ms' for '--interval' (expected a duration from 100ms to 1h, such as 1s or 500ms)")) {
            try interval.parse("50ms", for: "interval")
        }
        #expect(throws: InvalidValue.self) { try OptionValue.duration().parse("0s", for: "duration") }
        #expect(throws: InvalidValue.self) { try OptionValue.duration().parse("25h", for: "duration") }
        #expect(try OptionValue.duration(in: 0...3600).parse("0ms", for: "warmup") == 0)
    }

    @Test(arguments: [(10.0, "10s"), (0.1, "100ms"), (0.001, "1ms"), (600, "10m"), (86_400, "24h"), (0, "0s"), (1.5, "1500ms")])
    func durationsAreWrittenInTheLargestWholeUnit(seconds: Double, text: String) {
        #expect(DurationText.describe(seconds) == text)
    }

    @Test func sizesAreWrittenInTheLargestWholeBinaryUnit() {
        #expect(OptionValue.bytes.describe(32 << 20) == "32MiB")
        #expect(OptionValue.bytes.describe(500 << 10) == "500KiB")
        #expect(OptionValue.bytes.describe(1000) == "1000")
        #expect(throws: InvalidValue.self) { try OptionValue.bytes.parse("0", for: "max-body") }
    }

    @Test func fractionsAreReadAsFractionsOrPercentagesAndWrittenAsPercentages() throws {
        let value = OptionValue.fraction(in: 0...100, expecting: "a fraction")
        #expect(try value.parse("25%", for: "time-tolerance") == 0.25)
        #expect(try value.parse("0.25", for: "time-tolerance") == 0.25)
        #expect(value.describe(0.3) == "30%" && value.describe(0.01) == "1%")
        #expect(throws: InvalidValue("invalid value '-1%' for '--time-tolerance' (expected a fraction)")) {
            try value.parse("-1%", for: "time-tolerance")
        }
    }

    @Test func choicesAreReadByNameAndCompleteToTheirNames() throws {
        let value = OptionValue<DecoderChoice>.choice
        #expect(try value.parse("courier", for: "decoder") == .courier)
        #expect(value.describe(.foundation) == "foundation")
        #expect(value.completion == .choices(["foundation", "courier"]))
        #expect(throws: InvalidValue("invalid value 'fast' for '--decoder' (expected foundation or courier)")) {
            try value.parse("fast", for: "decoder")
        }
    }
}
