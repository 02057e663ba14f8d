import Foundation

extension PayloadShape {
    /// The document this shape's payload holds, built from a per-shape fixed seed.
    ///
    /// Distinct seeds keep shapes independent: changing how one shape is generated
    /// must not shift the random stream, and so the bytes, of another.
    var generatedDocument: any FixtureDocument & JSONWritable {
        switch self {
        case .tinyObject:
            // Hand-picked rather than generated so the record stays near 100 bytes.
            return FixtureMovie(
                id: 1, title: "Vagabond", year: 1985, rating: 7.9, genres: ["Drama"], released: true,
                director: FixturePerson(id: 7, name: "Agnes Varda"))
        case .list100:
            var random = SplitMix64(seed: 0x100)
            return FixtureMovie.generateList(count: 100, using: &random)
        case .list10k:
            var random = SplitMix64(seed: 0x10_000)
            return FixtureMovie.generateList(count: 10_000, using: &random)
        case .deeplyNested:
            return FixtureNode.generateChain(depth: 64)
        case .stringHeavy:
            var random = SplitMix64(seed: 0x5781)
            return (1...64).map { FixtureArticle.generate(id: $0, using: &random) }
        case .numberHeavy:
            var random = SplitMix64(seed: 0x2B2B)
            return FixtureNumbers.generateRows(count: 1000, using: &random)
        case .iso8601Dates:
            var random = SplitMix64(seed: 0x1508)
            return (1...1000).map { FixtureEvent.generate(id: $0, using: &random) }
        }
    }
}

extension FixtureMovie {
    private static let titlePrefixes = ["The ", "The ", "", "A "]
    private static let adjectives = [
        "Silent", "Crimson", "Last", "Hidden", "Electric", "Broken", "Golden", "Midnight",
        "Distant", "Savage", "Gentle", "Frozen", "Burning", "Hollow", "Lucky", "Iron",
    ]
    private static let nouns = [
        "Harbor", "Orchard", "Frontier", "Signal", "Garden", "Empire", "River", "Witness",
        "Machine", "Summer", "Promise", "Kingdom", "Shadow", "Horizon", "Letter", "Station",
    ]
    private static let titleSuffixes = ["", "", "", "", " II", " Returns", ": Origins"]
    private static let allGenres = [
        "Action", "Adventure", "Animation", "Comedy", "Crime", "Documentary",
        "Drama", "Fantasy", "Horror", "Mystery", "Romance", "Thriller",
    ]
    private static let firstNames = [
        "Ada", "Akira", "Greta", "Jean", "Kathryn", "Lina", "Martin", "Orson",
        "Satyajit", "Sofia", "Wong", "Agnès", "Pedro", "Chloé", "Bong", "Céline",
    ]
    private static let lastNames = [
        "Kowalski", "Bergman", "Kurosawa", "Varda", "Campion", "Ray", "Lee", "Welles",
        "Almodóvar", "Coppola", "Kar-wai", "Sciamma", "Joon-ho", "Zhao", "Gerwig", "Lynch",
    ]

    static func generateList(count: Int, using random: inout SplitMix64) -> [FixtureMovie] {
        (1...count).map { generate(id: $0, using: &random) }
    }

    static func generate(id: Int, using random: inout SplitMix64) -> FixtureMovie {
        let title =
            random.element(of: titlePrefixes) + random.element(of: adjectives) + " "
            + random.element(of: nouns) + random.element(of: titleSuffixes)
        let year = random.int(in: 1920...2026)
        var genres: [String] = []
        let genreCount = random.int(in: 1...3)
        while genres.count < genreCount {
            let genre = random.element(of: allGenres)
            if !genres.contains(genre) { genres.append(genre) }
        }
        let director: FixturePerson? =
            random.bool(percentTrue: 85)
            ? FixturePerson(
                id: random.int(in: 1...5000),
                name: random.element(of: firstNames) + " " + random.element(of: lastNames))
            : nil
        return FixtureMovie(
            id: id,
            title: title,
            year: year,
            // Integer tenths divided once, so every rating prints as e.g. `7.3`.
            rating: Double(random.int(in: 10...100)) / 10,
            genres: genres,
            released: year < 2025 || random.bool(percentTrue: 30),
            director: director)
    }
}

extension FixtureNode {
    static func generateChain(depth: Int) -> FixtureNode {
        // Built from the innermost node outwards because each node holds its child.
        var node: FixtureNode?
        for level in stride(from: depth - 1, through: 0, by: -1) {
            node = FixtureNode(name: "node-\(level)", depth: level, child: node)
        }
        return node ?? FixtureNode(name: "node-0", depth: 0, child: nil)
    }
}

extension FixtureArticle {
    // Every escape JSON defines, control characters, combining marks, scripts from
    // several blocks and emoji outside the BMP (which need surrogate pairs).
    private static let sentences = [
        "Plain ASCII sentences keep the mix realistic, since most text is still mostly ASCII.",
        "The quick brown fox jumps over the lazy dog.",
        "She said \"hello\" and left — quietly.",
        "Paths like C:\\Users\\fixture\\data.json need escaping.",
        "Tabs\tseparate\tcolumns\tin this sentence.",
        "Line one\nline two\r\nline three.",
        "A bell \u{07}, a backspace \u{08} and a form feed \u{0C} hide in here.",
        "URLs such as https://example.com/a/b?c=d&e=f stay readable.",
        "東京の夜は静かで、雨が降っていた。",
        "北京的秋天很美，天空很蓝。",
        "서울의 아침은 분주하다.",
        "Ελληνικά γράμματα και «εισαγωγικά».",
        "Привет, мир! Это тестовая строка.",
        "مرحبا بالعالم، هذا نص تجريبي.",
        "Ünïcödé wörds wïth dïäcrïtïcs äré éverywhere.",
        "Combining marks: e\u{301} next to é, n\u{303} next to ñ.",
        "Emoji sequences: 👩‍💻 🇫🇷 👍🏽 ❤️ 🎉 😀.",
        "Math: ∑ x² ≤ ∞, π ≈ 3.14159, ½ + ¼ = ¾.",
    ]
    private static let topics = ["Café", "Résumé", "Zürich", "東京", "Emoji 😀", "Naïve Art", "Smörgåsbord"]
    private static let allTags = ["café", "日本語", "中文", "emoji😀", "naïve", "ascii", "ελληνικά", "quotes\"", "back\\slash"]

    static func generate(id: Int, using random: inout SplitMix64) -> FixtureArticle {
        // Opening with é and 😀 guarantees every article contains both a BMP and a
        // non-BMP scalar, so escaped articles always carry `\u00e9` and a surrogate pair.
        var paragraphs: [String] = []
        var paragraph = "Café déjà vu: a naïve résumé 😀."
        for _ in 0..<random.int(in: 12...24) {
            if random.bool(percentTrue: 20) {
                paragraphs.append(paragraph)
                paragraph = ""
            } else {
                paragraph += " "
            }
            paragraph += random.element(of: sentences)
        }
        paragraphs.append(paragraph)
        var tags: [String] = []
        for _ in 0..<random.int(in: 1...4) {
            tags.append(random.element(of: allTags))
        }
        return FixtureArticle(
            id: id,
            title: "\(random.element(of: topics)) — part \(id) «\(random.element(of: topics))»",
            body: paragraphs.joined(separator: "\n\n"),
            tags: tags)
    }
}

extension FixtureNumbers {
    static func generateRows(count: Int, using random: inout SplitMix64) -> [FixtureNumbers] {
        // Fixed edge rows first so limits and signed zero are always present,
        // however the random rows fall.
        var rows = [
            FixtureNumbers(
                id: 1, int8: 0, int16: 0, int32: 0, int64: 0, uint64: 0,
                ratio: 0, price: 0, measurement: 0, extreme: -0.0),
            FixtureNumbers(
                id: 2, int8: .min, int16: .min, int32: .min, int64: .min, uint64: .min,
                ratio: 0x1p-53, price: -99_999.99, measurement: -1e21,
                extreme: -.greatestFiniteMagnitude),
            FixtureNumbers(
                id: 3, int8: .max, int16: .max, int32: .max, int64: .max, uint64: .max,
                ratio: 1 - 0x1p-53, price: 99_999.99, measurement: 1e21,
                extreme: .greatestFiniteMagnitude),
            FixtureNumbers(
                id: 4, int8: -1, int16: -1, int32: -1, int64: -1, uint64: 1,
                ratio: 0.1, price: 0.01, measurement: 1e-21,
                extreme: .leastNonzeroMagnitude),
        ]
        while rows.count < count {
            rows.append(generate(id: rows.count + 1, using: &random))
        }
        return rows
    }

    static func generate(id: Int, using random: inout SplitMix64) -> FixtureNumbers {
        // Arithmetic right shifts by a random amount spread values over every
        // digit count while keeping their signs.
        FixtureNumbers(
            id: id,
            int8: Int8(truncatingIfNeeded: random.next()) >> random.int(in: 0...7),
            int16: Int16(truncatingIfNeeded: random.next()) >> random.int(in: 0...15),
            int32: Int32(truncatingIfNeeded: random.next()) >> random.int(in: 0...31),
            int64: Int64(truncatingIfNeeded: random.next()) >> random.int(in: 0...63),
            uint64: random.next() >> random.int(in: 0...63),
            ratio: random.unitDouble(),
            price: Double(random.int(in: -9_999_999...9_999_999)) / 100,
            measurement: midRangeDouble(using: &random),
            extreme: finiteDouble(using: &random))
    }

    /// A double with a random sign and mantissa and a binary exponent within ±70 (about 1e±21).
    private static func midRangeDouble(using random: inout SplitMix64) -> Double {
        let sign = random.next() >> 63
        let exponent = UInt64(1023 + random.int(in: -70...70))
        let mantissa = random.next() & ((1 << 52) - 1)
        return Double(bitPattern: sign << 63 | exponent << 52 | mantissa)
    }

    /// A random bit pattern, redrawn when it is NaN or infinite since JSON cannot carry those.
    private static func finiteDouble(using random: inout SplitMix64) -> Double {
        while true {
            let value = Double(bitPattern: random.next())
            if value.isFinite { return value }
        }
    }
}

extension FixtureEvent {
    private static let qualifiers = ["Swift", "Quarterly", "Annual", "Community", "Design", "Open-Source", "Regional", "Late-Night"]
    private static let kinds = ["Meetup", "Review", "Conference", "Workshop", "Hackathon", "Town Hall", "Retreat", "Summit"]
    /// 2000-01-01T00:00:00Z.
    private static let earliestStart = 946_684_800

    static func generate(id: Int, using random: inout SplitMix64) -> FixtureEvent {
        // Whole seconds only: the `.iso8601` strategy rejects fractional seconds.
        let start = earliestStart + random.int(in: 0...1_100_000_000)
        let end = start + random.int(in: 15...4320) * 60
        return FixtureEvent(
            id: id,
            name: random.element(of: qualifiers) + " " + random.element(of: kinds),
            startsAt: Date(timeIntervalSince1970: TimeInterval(start)),
            endsAt: Date(timeIntervalSince1970: TimeInterval(end)))
    }
}
