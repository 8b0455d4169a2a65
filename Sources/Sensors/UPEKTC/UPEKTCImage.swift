/// The image the TouchChip (TCS4x, the recorded 147e:2016) assembles: 144 × 384 pixels, dark
/// ridges, upright.
enum UPEKTCImage {
    static let width = 144
    static let height = 384
}
