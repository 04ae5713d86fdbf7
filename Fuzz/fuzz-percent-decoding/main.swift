import FuzzDriver

runFuzzer { data, size in fuzzPercentDecoding(data ?? UnsafePointer(bitPattern: 1)!, size) }
