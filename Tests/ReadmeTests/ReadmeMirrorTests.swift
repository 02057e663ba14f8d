import Foundation
import Testing

/// The documentation's Swift examples compile because this target holds them: every ```swift block
/// of README.md and of each DocC article (`Sources/*/Documentation.docc/**/*.md`) must appear word
/// for word in one of the target's Swift files (its `import` lines anywhere, the rest as one run of
/// lines, indented as a whole or not). A block that is a whole program of its own — the example
/// bench, with its `@main`, which a test target cannot hold — may instead appear in that program's
/// source, which CI builds (`Examples/AppBench`), and so may the bench's own journey, whose article
/// shows the scenario it runs.
@Suite struct ReadmeMirrorTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// README.md and every article of every catalog, as paths from the root.
    private static func documents() -> [String] {
        let sources = root.appendingPathComponent("Sources")
        let articles =
            FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "md" && $0.path.contains(".docc/") }
            .map { String($0.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1)) } ?? []
        return ["README.md"] + articles.sorted()
    }

    /// This target's Swift files but this one, and the example bench's program.
    private static func mirrors() throws -> [String] {
        let target = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let files = try FileManager.default.contentsOfDirectory(atPath: target.path)
            .filter { $0.hasSuffix(".swift") && $0 != URL(fileURLWithPath: #filePath).lastPathComponent }
            .map { "Tests/ReadmeTests/\($0)" }
        return files.sorted() + ["Examples/AppBench/Sources/AppBench/AppBench.swift", "Benchmarks/bench/Scenarios/JourneyScenarios.swift"]
    }

    @Test func everySwiftBlockOfTheDocumentationIsInAMirror() throws {
        let mirrorPaths = try Self.mirrors()
        let mirrors = try mirrorPaths.map { path in
            try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8).components(separatedBy: "\n")
        }
        var count = 0
        for document in Self.documents() {
            let text = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
            for block in SwiftBlock.all(in: text) {
                count += 1
                let home = mirrors.first { lines in block.imports.allSatisfy(lines.contains) && block.isContained(in: lines) }
                #expect(
                    home != nil,
                    "\(document) line \(block.line): the block starting `\(block.body.first ?? block.imports.first ?? "")` is not, imports and all, word for word in \(mirrorPaths.joined(separator: " or "))"
                )
            }
        }
        #expect(count >= 10, "the documentation's examples were not found")
    }

    @Test func aChangedLineIsFound() {
        let block = SwiftBlock(line: 1, lines: ["import Courier", "", "let a = 1", "    let b = 2"])
        #expect(block.imports == ["import Courier"])
        #expect(block.isContained(in: ["func f() {", "    let a = 1", "        let b = 2", "}"]))
        #expect(!block.isContained(in: ["let a = 1", "let b = 2"]), "indentation inside a block counts")
        #expect(!block.isContained(in: ["let a = 1", "    let b = 3"]))
        #expect(!block.isContained(in: ["let a = 1"]))
    }

    @Test func blocksAreFoundWithTheirLines() {
        let readme = "Text\n```swift\nimport A\nlet x = 1\n```\nmore\n```sh\nls\n```\n```swift\n\nlet y = 2\n```\n"
        let blocks = SwiftBlock.all(in: readme)
        #expect(blocks.map(\.line) == [2, 10])
        #expect(blocks.map(\.body) == [["let x = 1"], ["let y = 2"]])
    }
}

/// One ```swift block of a Markdown text.
struct SwiftBlock {
    /// The line of the opening fence, counted from 1.
    let line: Int
    /// The block's `import` lines, which the mirror keeps at the top of its file.
    let imports: [String]
    /// The rest, from its first non-blank line.
    let body: [String]

    init(line: Int, lines: [String]) {
        self.line = line
        imports = lines.filter { $0.hasPrefix("import ") }
        body = Array(lines.filter { !$0.hasPrefix("import ") }.drop { $0.trimmingCharacters(in: .whitespaces).isEmpty })
    }

    /// Every ```swift block of `markdown`.
    static func all(in markdown: String) -> [SwiftBlock] {
        var blocks: [SwiftBlock] = []
        var open: (line: Int, lines: [String])?
        for (index, line) in markdown.components(separatedBy: "\n").enumerated() {
            if var current = open {
                if line.hasPrefix("```") {
                    blocks.append(SwiftBlock(line: current.line, lines: current.lines))
                    open = nil
                } else {
                    current.lines.append(line)
                    open = current
                }
            } else if line == "```swift" {
                open = (index + 1, [])
            }
        }
        return blocks
    }

    /// Whether `lines` hold the body as one run, each line with the same extra indentation (blank
    /// lines may be blank).
    func isContained(in lines: [String]) -> Bool {
        guard let first = body.first else { return true }
        for start in lines.indices where lines[start].hasSuffix(first) {
            let indent = lines[start].dropLast(first.count)
            guard indent.allSatisfy({ $0 == " " }), start + body.count <= lines.count else { continue }
            let matches = zip(body, lines[start...]).allSatisfy { expected, actual in
                expected.isEmpty ? actual.trimmingCharacters(in: .whitespaces).isEmpty : actual == indent + expected
            }
            if matches { return true }
        }
        return false
    }
}
