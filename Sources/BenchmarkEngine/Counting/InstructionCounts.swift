/// What Callgrind counted for one micro-benchmark (`run --instructions`), per operation.
///
/// Estimated cycles weigh each memory access by where the simulated caches found it: an L1 hit costs
/// 1 cycle, a last-level hit 5 and a miss of both (RAM) 35 — `L1 hits + 5·LL hits + 35·RAM hits`,
/// the model CodSpeed and iai-callgrind use, over instruction fetches, data reads and data writes.
public struct InstructionCounts: Codable, Sendable, Equatable {
    /// Operations in the counted batch.
    public var operations: Int
    /// Instructions executed per operation (Callgrind's `Ir`), less the Swift runtime's probes of its
    /// hash tables, whose length follows the executable's layout.
    public var instructionsPerOperation: Double
    /// Estimated cycles per operation; `nil` when the cache simulation was off.
    @ExplicitNull public var estimatedCyclesPerOperation: Double?
    /// The scenario measured beside this one that its ratio is to.
    @ExplicitNull public var baseline: String? = nil
    /// This scenario's instructions per operation ÷ the baseline's: below 1, fewer instructions.
    @ExplicitNull public var instructionRatio: Double? = nil
    /// This scenario's estimated cycles per operation ÷ the baseline's.
    @ExplicitNull public var estimatedCycleRatio: Double? = nil
    /// Whether a comparison with a baseline run judges the two ratios rather than the counts
    /// themselves; `nil` (the counts) unless set. Set when this scenario runs its baseline's work
    /// inside its own — the client's decode path decoding with the very `JSONDecoder` it is paired
    /// with — where what layout effects the counts keep (``CallgrindProfile`` takes the largest
    /// out) move both sides alike.
    @ExplicitNull public var ratiosAreJudged: Bool? = nil

    /// Counts of `operations` operations.
    public init(operations: Int, instructionsPerOperation: Double, estimatedCyclesPerOperation: Double?) {
        self.operations = operations
        self.instructionsPerOperation = instructionsPerOperation
        self.estimatedCyclesPerOperation = estimatedCyclesPerOperation
    }

    /// The counts of a dump of `operations` operations.
    init(_ profile: CallgrindProfile, operations: Int) {
        let perOperation = { (total: UInt64) in Double(total) / Double(max(1, operations)) }
        self.init(
            operations: operations,
            instructionsPerOperation: perOperation(profile.instructions),
            estimatedCyclesPerOperation: profile.estimatedCycles.map(perOperation)
        )
    }
}
