import Foundation
import Testing

/// README.md's Swift examples compile because `ReadmeExamples.swift` holds them; this keeps the two
/// from drifting: every ```swift block of the README must appear in that file word for word (its
/// `import` lines anywhere, the rest as one run of lines, indented as a whole or not).
@Suite struct ReadmeMirrorTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func everySwiftBlockOfTheREADMEIsInTheMirror() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let mirror = try String(contentsOf: Self.root.appendingPathComponent("Tests/ReadmeTests/ReadmeExamples.swift"), encoding: .utf8)
        let blocks = SwiftBlock.all(in: readme)
        #expect(blocks.count >= 10, "the README's examples were not found")
        let mirrorLines = mirror.components(separatedBy: "\n")
        for block in blocks {
            for line in block.imports {
                #expect(mirrorLines.contains(line), "README line \(block.line): `\(line)` is not in ReadmeExamples.swift")
            }
            #expect(block.body.isEmpty || block.isContained(in: mirrorLines),
                    "README line \(block.line): the block starting `\(block.body.first ?? "")` is not in ReadmeExamples.swift, word for word")
        }
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
