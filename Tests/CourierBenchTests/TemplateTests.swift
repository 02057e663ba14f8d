import Testing

@testable import CourierBench

@Suite struct TemplateTests {
    @Test func aTemplateIsLiteralsAndVariables() throws {
        let template = try Template("/issues/{{ id }}/notes{{x}}", placement: .path)
        #expect(template.parts == [.literal("/issues/"), .variable("id", .path), .literal("/notes"), .variable("x", .path)])
        #expect(template.variables == ["id", "x"])
    }

    @Test func fourBracesAreTwoLiteralOnesAndClosingBracesAreText() throws {
        let template = try Template("{{{{id}} }} {{a}}", placement: .body)
        #expect(template.parts == [.literal("{{id}} }} "), .variable("a", .body)])
    }

    @Test func malformedTemplates() {
        #expect(throws: Template.SyntaxError(reason: "a '{{' without its '}}'")) { try Template("/a/{{id", placement: .path) }
        #expect(throws: Template.SyntaxError(reason: "'{{ }}' is not a variable name")) { try Template("{{ }}", placement: .body) }
        #expect(throws: Template.SyntaxError.self) { try Template("{{{id}}}", placement: .body) }
    }

    @Test func aURLVariableKnowsItsComponent() throws {
        let template = try Template("{{host}}/a/{{p}}?q={{q}}&r=/{{r}}#{{f}}", placement: .host, after: "http://")
        #expect(
            template.parts == [
                .literal("http://"), .variable("host", .host), .literal("/a/"), .variable("p", .path), .literal("?q="),
                .variable("q", .query), .literal("&r=/"), .variable("r", .query), .literal("#"), .variable("f", .fragment),
            ])
    }

    private func bound(_ text: String, _ values: [String: String], placement: Template.Placement) throws -> (Template.Bound, [[String]]) {
        let names = values.keys.sorted()
        let bound = try Template(text, placement: placement).bound { name in
            names.firstIndex(of: name).map { Template.Bound.Column(name: name, table: 0, index: $0) }
        }
        return (bound, [names.map { values[$0] ?? "" }])
    }

    private func filled(_ text: String, _ values: [String: String], placement: Template.Placement = .path) throws -> String {
        let (template, rows) = try bound(text, values, placement: placement)
        return template.filled(with: rows)
    }

    private func refused(_ text: String, _ values: [String: String]) throws -> Template.Bound.Column? {
        let (template, rows) = try bound(text, values, placement: .header)
        return template.refusedColumn(in: rows)
    }

    @Test func aPathValueIsEncodedAsOneSegment() throws {
        #expect(try filled("/issues/{{id}}", ["id": "a b/c?d#e%f"]) == "/issues/a%20b%2Fc%3Fd%23e%25f")
        #expect(try filled("/u/{{name}}", ["name": "café"]) == "/u/caf%C3%A9")
        #expect(try filled("/u/{{name}}", ["name": "a-b_c.d~e:f@g"]) == "/u/a-b_c.d~e:f@g")
    }

    @Test func aQueryValueIsEncodedSoItCannotEndItsParameter() throws {
        #expect(try filled("/s?q={{q}}&page=1", ["q": "a b&c=d+e/f?g#h"]) == "/s?q=a%20b%26c%3Dd%2Be/f?g%23h&page=1")
    }

    @Test func aFragmentValueIsEncoded() throws {
        #expect(try filled("/a#{{f}}", ["f": "x y#z"]) == "/a#x%20y%23z")
    }

    @Test func bodyValuesAreAsTheyAreAndHeaderValuesRefuseLineBreaks() throws {
        #expect(try filled("{\"t\": \"{{t}}\"}", ["t": "a b/\n\"c"], placement: .body) == "{\"t\": \"a b/\n\"c\"}")
        #expect(try filled("Bearer {{t}}", ["t": "a b/c"], placement: .header) == "Bearer a b/c")
        #expect(try refused("Bearer {{t}}", ["t": "a b/c"]) == nil)
        #expect(
            try refused("{{u}} {{t}}", ["t": "x\r\nSet-Cookie: a", "u": "fine"]) == Template.Bound.Column(name: "t", table: 0, index: 0))
        #expect(try refused("{{t}}", ["t": "x\n"]) != nil)
        #expect(try refused("{{t}}", ["t": "x\u{0}"]) != nil)
        // Only a header refuses: the same value in a body is sent as it is.
        let (body, rows) = try bound("{{t}}", ["t": "x\r\n"], placement: .body)
        #expect(body.refusedColumn(in: rows) == nil)
    }

    @Test func anUnboundVariableIsThrownByName() {
        #expect(throws: Template.UnknownVariable(name: "id")) { try Template("/{{id}}", placement: .path).bound { _ in nil } }
    }
}
