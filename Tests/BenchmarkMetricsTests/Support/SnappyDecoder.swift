/// A Snappy block decoder written from the format's description, independent of the compressor:
/// what the tests read compressed bytes back with.
enum SnappyDecoder {
    struct Malformed: Error {}

    static func decompress(_ input: [UInt8]) throws -> [UInt8] {
        var position = 0
        var length = 0
        var shift = 0
        while true {
            guard position < input.count, shift < 35 else { throw Malformed() }
            let byte = input[position]
            position += 1
            length |= Int(byte & 0x7F) << shift
            shift += 7
            if byte < 0x80 { break }
        }
        var output: [UInt8] = []
        while position < input.count {
            let tag = input[position]
            position += 1
            switch tag & 0b11 {
            case 0:
                var count = Int(tag >> 2) + 1
                if count > 60 {
                    let extra = count - 60
                    guard position + extra <= input.count else { throw Malformed() }
                    count = 0
                    for index in 0..<extra { count |= Int(input[position + index]) << (8 * index) }
                    count += 1
                    position += extra
                }
                guard position + count <= input.count else { throw Malformed() }
                output += input[position..<position + count]
                position += count
            case 1:
                guard position < input.count else { throw Malformed() }
                let count = Int((tag >> 2) & 0b111) + 4
                let offset = Int(tag >> 5) << 8 | Int(input[position])
                position += 1
                try copy(offset: offset, count: count, into: &output)
            case 2:
                guard position + 2 <= input.count else { throw Malformed() }
                let count = Int(tag >> 2) + 1
                let offset = Int(input[position]) | Int(input[position + 1]) << 8
                position += 2
                try copy(offset: offset, count: count, into: &output)
            default:
                guard position + 4 <= input.count else { throw Malformed() }
                let count = Int(tag >> 2) + 1
                var offset = 0
                for index in 0..<4 { offset |= Int(input[position + index]) << (8 * index) }
                position += 4
                try copy(offset: offset, count: count, into: &output)
            }
        }
        guard output.count == length else { throw Malformed() }
        return output
    }

    private static func copy(offset: Int, count: Int, into output: inout [UInt8]) throws {
        guard offset > 0, offset <= output.count else { throw Malformed() }
        for _ in 0..<count { output.append(output[output.count - offset]) }
    }
}
