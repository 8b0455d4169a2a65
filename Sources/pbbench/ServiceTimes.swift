/// Paired timings of the same verification in-process and through the service, in milliseconds.
struct ServiceTimes {
    private(set) var inProcess: [Double] = []
    private(set) var throughService: [Double] = []

    mutating func add(inProcess local: Duration, throughService remote: Duration) {
        inProcess.append(local / .milliseconds(1))
        throughService.append(remote / .milliseconds(1))
    }

    var inProcessMedian: Double { Self.median(inProcess) }
    var throughServiceMedian: Double { Self.median(throughService) }
    /// The median of each pair's difference: the service's cost with the load of that moment on both sides.
    var differenceMedian: Double { Self.median(zip(throughService, inProcess).map { $0 - $1 }) }

    private static func median(_ values: [Double]) -> Double {
        values.sorted()[values.count / 2]
    }
}
