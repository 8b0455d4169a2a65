/// One area's benchmarks: it measures, records figures with their targets, and never asserts.
protocol BenchSuite: SendableMetatype {
    /// Short name used on the command line (`pbbench apdu`).
    static var name: String { get }
    /// What the suite measures, one line.
    static var summary: String { get }
    init()
    func run(_ report: BenchReport) async throws
}

/// Every suite `make bench` runs, in order.
enum BenchSuites {
    static let all: [any BenchSuite.Type] = [
        APDURoundTripBench.self,
        ImagesBench.self,
        WSQBench.self,
        SensorsBench.self,
        TemplateStoreBench.self,
        APDUScriptBench.self,
        CardEdgeBench.self,
        BiometryBench.self,
        EngineBench.self,
        RealismBench.self,
        TemplatesBench.self,
        ServiceBench.self,
    ]
}
