import Testing

@testable import BenchmarkEngine

@Suite struct StudentTTestTests {
    @Test func pValuesMatchStudentsDistribution() {
        // Two-sided tail probabilities from published tables of Student's t.
        #expect(abs(StudentTTest.twoSidedPValue(t: 2.228, degreesOfFreedom: 10) - 0.05) < 1e-4)
        #expect(abs(StudentTTest.twoSidedPValue(t: 4.032, degreesOfFreedom: 5) - 0.01) < 1e-4)
        #expect(abs(StudentTTest.twoSidedPValue(t: 3.291, degreesOfFreedom: 1e6) - 0.001) < 1e-5)
        #expect(StudentTTest.twoSidedPValue(t: 0, degreesOfFreedom: 8) == 1)
        #expect(StudentTTest.twoSidedPValue(t: .infinity, degreesOfFreedom: 8) == 0)
    }

    @Test func criticalValuesInvertThePValue() {
        #expect(abs(StudentTTest.criticalValue(pValue: 0.05, degreesOfFreedom: 10) - 2.228) < 1e-3)
        #expect(abs(StudentTTest.criticalValue(pValue: 0.001, degreesOfFreedom: 20) - 3.850) < 1e-3)
    }

    @Test func twoSamplesArePooled() throws {
        let test = try #require(StudentTTest([1, 2, 3], [4, 5, 6]))
        #expect(test.meanBefore == 2)
        #expect(test.meanAfter == 5)
        #expect(test.degreesOfFreedom == 4)
        // Pooled variance 1, standard error √(2/3), t = 3 / √(2/3).
        #expect(abs(test.t - 3 / (2.0 / 3).squareRoot()) < 1e-12)
        #expect(abs(test.pValue - 0.02131) < 1e-4)
    }

    @Test func tooFewPointsHaveNoTest() {
        #expect(StudentTTest([1], [2]) == nil)
        #expect(StudentTTest([], [1, 2, 3]) == nil)
    }

    @Test func constantSidesAreCertainOrNoEvidence() throws {
        #expect(try #require(StudentTTest([2, 2], [3, 3])).pValue == 0)
        #expect(try #require(StudentTTest([2, 2], [2, 2])).pValue == 1)
    }
}
