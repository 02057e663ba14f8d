import Foundation

/// A scheduled event whose dates travel as ISO-8601 strings.
public struct FixtureEvent: FixtureDocument {
    /// Stable identifier.
    public let id: Int
    /// Event name.
    public let name: String
    /// Start time, a whole second.
    public let startsAt: Date
    /// End time, a whole second after `startsAt`.
    public let endsAt: Date

    /// Creates an event.
    public init(id: Int, name: String, startsAt: Date, endsAt: Date) {
        self.id = id
        self.name = name
        self.startsAt = startsAt
        self.endsAt = endsAt
    }

    /// An event is one record.
    public var objectCount: Int { 1 }
}

extension FixtureEvent: JSONWritable {
    func write(to writer: inout JSONWriter) {
        // Every third event is written in a local UTC offset so decoders must
        // apply offsets, not just parse `Z`; the instant is unchanged.
        let offsets = [60, 330, -480, 540]
        let offsetMinutes = id.isMultiple(of: 3) ? offsets[(id / 3) % offsets.count] : 0
        writer.object { writer in
            writer.field("endsAt", ISO8601Text(endsAt, offsetMinutes: offsetMinutes))
            writer.field("id", id)
            writer.field("name", name)
            writer.field("startsAt", ISO8601Text(startsAt, offsetMinutes: offsetMinutes))
        }
    }
}
