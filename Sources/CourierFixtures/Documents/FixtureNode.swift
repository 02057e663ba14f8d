/// One level of a deeply nested document: each node holds the next.
///
/// A class because a struct cannot contain itself; it is `final` with only
/// immutable `Sendable` properties, so it is `Sendable` without `@unchecked`.
public final class FixtureNode: FixtureDocument {
    /// Node label, unique within a chain.
    public let name: String
    /// Distance from the root, starting at 0.
    public let depth: Int
    /// The next, deeper node, or `nil` for the innermost one.
    public let child: FixtureNode?

    /// Creates a node.
    public init(name: String, depth: Int, child: FixtureNode?) {
        self.name = name
        self.depth = depth
        self.child = child
    }

    /// The number of nodes in the chain starting here.
    public var objectCount: Int {
        // Iterative so counting never depends on stack depth.
        var count = 0
        var node: FixtureNode? = self
        while let current = node {
            count += 1
            node = current.child
        }
        return count
    }

    /// Two chains are equal when every level has the same name and depth.
    public static func == (lhs: FixtureNode, rhs: FixtureNode) -> Bool {
        var left: FixtureNode? = lhs
        var right: FixtureNode? = rhs
        while let l = left, let r = right {
            if l === r { return true }
            guard l.name == r.name, l.depth == r.depth else { return false }
            left = l.child
            right = r.child
        }
        return left == nil && right == nil
    }
}

extension FixtureNode: JSONWritable {
    func write(to writer: inout JSONWriter) {
        writer.object { writer in
            if let child {
                writer.field("child", child)
            }
            writer.field("depth", depth)
            writer.field("name", name)
        }
    }
}
