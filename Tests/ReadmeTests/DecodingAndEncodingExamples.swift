// The ```swift blocks of Sources/CourierJSON/Documentation.docc/DecodingAndEncoding.md,
// word for word, each wrapped in what it needs to compile, so that the article's examples cannot
// drift from the API: `ReadmeMirrorTests` fails when a block of the article is in none of this
// target's files.
//
// To add or change an example: change it in the article, then paste the block here unchanged (in a
// function of its own when it holds statements, at file level when it declares types) and add what
// it takes for granted to the support section of ReadmeExamples.swift. Then run
// `swift test --filter ReadmeTests`.

import Courier
import CourierJSON
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

func decoders(base: URL, data: Data) throws {
    var decoder = CourierJSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase  // Foundation's conversion, to the letter
    decoder.dateDecodingStrategy = .iso8601  // with or without fractional seconds
    let movies = try decoder.decode([Movie].self, from: data)  // or from [UInt8]
    let client = APIClient(baseURL: base, decoder: decoder)  // any ResponseDecoder
    show((movies, client))
}

func encoders(base: URL, movie: Movie) throws {
    var encoder = CourierJSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase  // Foundation's conversion, to the letter
    encoder.outputFormatting = .sortedKeys  // then byte for byte JSONEncoder's output
    let body = try encoder.encode(movie)  // Data
    let client = APIClient(baseURL: base, encoder: encoder)  // any RequestEncoder
    show((body, client))
}
