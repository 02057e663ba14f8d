// The ```swift blocks of Sources/CourierBench/Documentation.docc/LoadTesting.md, word for word
// (see ReadmeExamples.swift for the rule): a team's own exporter, and a suite that declares where
// its load scenarios' live metrics go.

import CourierBench

/// Sends each push's request counts to a team's own backend; here, standard output.
struct RequestCountExporter: MetricsExporter {
    let name = "request-count"

    func export(_ snapshot: MetricsSnapshot) async throws {
        for family in snapshot.families where family.name == "courier_bench_requests" {
            for series in family.series {
                if case .number(let count) = series.value {
                    print(series.labels.map { "\($0.name)=\($0.value)" }.joined(separator: ","), count)
                }
            }
        }
    }

    func sampleCount(of snapshot: MetricsSnapshot) -> Int {
        snapshot.families.reduce(0) { $0 + $1.series.count }
    }
}

func declareLiveMetrics(scenarios: [Scenario]) -> BenchSuite {
    let suite = BenchSuite(
        scenarios: scenarios,
        liveMetrics: SuiteLiveMetrics(
            listen: ListenAddress("9464"),
            exporters: [SuiteLiveMetrics.otlp("http://127.0.0.1:4318/v1/metrics"), RequestCountExporter()]))
    return suite
}
